import type { FastifyRequest } from 'fastify';
import {
  SUPERVISOR_AUDIT_LOG_DEFAULTS,
  SUPERVISOR_GROUPS_DEFAULTS,
  SUPERVISOR_MEMBERS_DEFAULTS,
  SUPERVISOR_USERS_DEFAULTS,
} from '../../rules/supervisorLists';
import { readAuditLogPage } from '../domain/group-audit-logs';
import { readPosts } from '../domain/group-posts';
import { addDays, dayEnd, dayStart, daysBetween, isoDay, storableMoment } from '../domain/supervisor-days';
import { editSupervisorGroup, readSupervisorGroupProfile, readSupervisorGroups, type SupervisorGroupPatch } from '../domain/supervisor-groups';
import { readSupervisorMemberProfile, readSupervisorMembers, type readMembershipDetails } from '../domain/supervisor-members';
import { readMonitor } from '../domain/supervisor-monitor';
import {
  contractLevel,
  readRobotLogChart,
  readRobotLogGroups,
  readRobotLogPage,
  type RobotLogFilter,
} from '../domain/supervisor-robot-logs';
import { readTaskQueue, retryTask, type TaskRow } from '../domain/supervisor-tasks';
import { editSupervisorUser, readSupervisorUserProfile, readSupervisorUsers } from '../domain/supervisor-users';
import { ApiError, notFound } from '../http/errors';
import { publicUrl } from '../http/public-url';
import { callerOf } from './caller';
import type { HandlerContext, HandlerGroup, OperationRequest } from './types';
import { auditLogView } from './views/audit-log';
import { groupView } from './views/group';
import { groupMemberView } from './views/group-member';
import { memberSummaryView } from './views/member';
import { postView } from './views/post';
import { userSummaryView, userView } from './views/user';

/** The longest range a robot-log chart covers, in days (a series holds at most 3660 points). */
const MAX_CHART_DAYS = 3660;
/** What a robot-log chart covers without dates: the last 30 days. */
const DEFAULT_CHART_DAYS = 30;

/** The typed text to match, or undefined when blank. */
const searchText = (search: string | undefined) => search?.trim() || undefined;

/** A from/to pair of days as a range of moments; 400 when from comes after to. */
function dayRange(from: string | undefined, to: string | undefined, fromField = 'from') {
  if (from !== undefined && to !== undefined && from > to) throw new ApiError('bad_request', `${fromField} must not be after to`, { field: fromField });
  return { from: from === undefined ? undefined : dayStart(from), before: to === undefined ? undefined : dayEnd(to) };
}

/** The moments of a group edit's body, parsed; 400 naming the field the database cannot keep. */
function momentsOf<Field extends string>(body: Partial<Record<Field, unknown>>, fields: readonly Field[]): Partial<Record<Field, Date | null>> {
  const moments: Partial<Record<Field, Date | null>> = {};
  for (const field of fields) {
    const value = body[field];
    if (value === undefined) continue;
    if (value === null) {
      moments[field] = null;
      continue;
    }
    const moment = storableMoment(String(value));
    if (!moment) throw new ApiError('bad_request', `'${field}' in body is not a moment between the years 1 and 9999`, { field, location: 'body', rule: 'format' });
    moments[field] = moment;
  }
  return moments;
}

const GROUP_MOMENTS = ['subscribed_from_at', 'subscription_ends_at', 'trial_ends_at', 'data_removal_at'] as const;

type MembershipDetailRow = Awaited<ReturnType<typeof readMembershipDetails>>[number];

/** The contract's MembershipDetail. */
function membershipDetailView(request: FastifyRequest, row: MembershipDetailRow) {
  return { ...row, group: { ...row.group, avatar_url: publicUrl(request, row.group.avatar_url) } };
}

/** The contract's Task. A task is due from the moment it is queued. */
function taskView(task: TaskRow) {
  return {
    id: task.id,
    kind: task.kind,
    status: task.status,
    group_id: task.group_id,
    attempts: task.attempts,
    progress: task.progress,
    run_at: task.created_at,
    started_at: task.start_timestamp,
    finished_at: task.finished_at,
    error: task.error,
    created_at: task.created_at,
  };
}

/** The robot-log filters both the browse and the chart take. */
function robotLogFilter(query: OperationRequest<'listSupervisorRobotLogs' | 'getSupervisorRobotLogChart'>['query']): Omit<RobotLogFilter, 'from' | 'before'> {
  return {
    groupId: query.group_id,
    memberId: query.member_id,
    robotVersions: query.robot_version,
    level: query.level ?? 'all',
    message: query.message,
    execId: query.exec_id,
  };
}

export function supervisorHandlers({ db, now }: HandlerContext): HandlerGroup {
  return {
    async listSupervisorGroups(request) {
      const { search, no_member: noMember, page = 1, per_page: perPage = SUPERVISOR_GROUPS_DEFAULTS.per_page } = request.query;
      const query = {
        search: searchText(search),
        noMember,
        sortBy: request.query.sort_by ?? SUPERVISOR_GROUPS_DEFAULTS.sort_by,
        sortDirection: request.query.sort_direction ?? SUPERVISOR_GROUPS_DEFAULTS.sort_direction,
      };
      const result = await readSupervisorGroups(db, query, page, perPage);
      return { groups: result.rows.map((group) => groupView(request, group)), count: result.count };
    },

    async getSupervisorGroup(request) {
      const profile = await readSupervisorGroupProfile(db, request.params.id, now());
      if (!profile) throw notFound('Group not found!');
      return {
        group: groupView(request, profile.group),
        admins: profile.admins.map((admin) => memberSummaryView(request, admin)),
        users: profile.users.map((user) => userSummaryView(request, user)),
        counts: profile.counts,
        removal_limits: profile.removalLimits,
      };
    },

    async updateSupervisorGroup(request) {
      const { subscribed_from_at: _from, subscription_ends_at: _ends, trial_ends_at: _trial, data_removal_at: _removal, ...plain } = request.body;
      const patch: SupervisorGroupPatch = { ...plain, ...momentsOf(request.body, GROUP_MOMENTS) };
      const group = await editSupervisorGroup(db, { groupId: request.params.id, patch, userId: callerOf(request).userId, ip: request.ip, at: now() });
      if (!group) throw notFound('Group not found!');
      return { group: groupView(request, group) };
    },

    async listSupervisorMembers(request) {
      const params = request.query;
      const query = {
        groupId: params.group_id,
        search: searchText(params.search),
        role: params.role ?? SUPERVISOR_MEMBERS_DEFAULTS.role,
        hasUser: params.has_user,
        list: params.list ?? SUPERVISOR_MEMBERS_DEFAULTS.list,
        sortBy: params.sort_by ?? SUPERVISOR_MEMBERS_DEFAULTS.sort_by,
        sortDirection: params.sort_direction ?? SUPERVISOR_MEMBERS_DEFAULTS.sort_direction,
      };
      const result = await readSupervisorMembers(db, query, params.page ?? 1, params.per_page ?? SUPERVISOR_MEMBERS_DEFAULTS.per_page);
      return { members: result.rows.map((member) => groupMemberView(request, member)), count: result.count };
    },

    async getSupervisorMember(request) {
      const profile = await readSupervisorMemberProfile(db, request.params.id);
      if (!profile) throw notFound('Member not found');
      return {
        member: groupMemberView(request, profile.member),
        memberships: profile.memberships.map((membership) => membershipDetailView(request, membership)),
        user: profile.user ? userSummaryView(request, profile.user) : null,
      };
    },

    async listSupervisorUsers(request) {
      const params = request.query;
      const query = {
        search: searchText(params.search),
        memberId: params.member_id,
        role: params.role ?? SUPERVISOR_USERS_DEFAULTS.role,
        plans: params.subscribed_plan,
        orphaned: params.is_orphaned,
        locked: params.is_locked,
        sortBy: params.sort_by ?? SUPERVISOR_USERS_DEFAULTS.sort_by,
        sortDirection: params.sort_direction ?? SUPERVISOR_USERS_DEFAULTS.sort_direction,
      };
      const result = await readSupervisorUsers(db, query, params.page ?? 1, params.per_page ?? SUPERVISOR_USERS_DEFAULTS.per_page);
      return { users: result.rows.map((user) => userView(request, user)), count: result.count };
    },

    async getSupervisorUser(request) {
      const profile = await readSupervisorUserProfile(db, request.params.id);
      if (!profile) throw notFound('User not found');
      return {
        user: userView(request, profile.user),
        member: profile.member ? memberSummaryView(request, profile.member) : null,
        memberships: profile.memberships.map((membership) => membershipDetailView(request, membership)),
      };
    },

    async updateSupervisorUser(request) {
      const outcome = await editSupervisorUser(db, {
        targetUserId: request.params.id,
        patch: request.body,
        userId: callerOf(request).userId,
        ip: request.ip,
        at: now(),
      });
      if ('user' in outcome) return { user: userView(request, outcome.user) };
      switch (outcome.refused) {
        case 'not_found':
          throw notFound('User not found');
        case 'self':
          throw new ApiError('conflict', 'You cannot take away your own supervisor rights or ban yourself', { reason: 'self' });
        case 'email_taken':
          throw new ApiError('conflict', 'This email belongs to another account', { reason: 'email_taken' });
        case 'fb_user_id_taken':
          throw new ApiError('conflict', 'This profile id belongs to another account', { reason: 'fb_user_id_taken' });
      }
    },

    async listSupervisorAuditLogs(request) {
      const params = request.query;
      const range = dayRange(params.from, params.to);
      const result = await readAuditLogPage(
        db,
        {
          groupId: params.group_id,
          memberId: params.member_id,
          userId: params.user_id,
          kinds: params.kind,
          from: range.from,
          before: range.before,
          sortBy: params.sort_by ?? SUPERVISOR_AUDIT_LOG_DEFAULTS.sort_by,
          sortDirection: params.sort_direction ?? SUPERVISOR_AUDIT_LOG_DEFAULTS.sort_direction,
        },
        params.page ?? 1,
        params.per_page ?? SUPERVISOR_AUDIT_LOG_DEFAULTS.per_page,
      );
      return { audit_logs: result.rows.map((row) => auditLogView(request, row)), count: result.count, kinds: result.kinds };
    },

    async listSupervisorRobotLogs(request) {
      const params = request.query;
      const filter = { ...robotLogFilter(params), ...dayRange(params.from, params.to) };
      const order = { by: params.order_by ?? 'created_at', direction: params.order ?? 'desc' } as const;
      const page = params.page ?? 1;
      const perPage = params.per_page ?? 25;
      if (params.group_by && params.group_by.length > 0) {
        const grouped = await readRobotLogGroups(db, filter, params.group_by, order, page, perPage);
        return { robot_logs: [], groups: grouped.rows, count: grouped.count };
      }
      const lines = await readRobotLogPage(db, filter, order, page, perPage);
      return {
        robot_logs: lines.rows.map((line) => ({
          id: line.id,
          level: contractLevel(line.level),
          message: line.message,
          exec_id: line.exec_id ?? '',
          group_id: line.group_id,
          user_id: line.user_id,
          robot_version: line.robot_version ?? '',
          data: line.data,
          created_at: line.created_at,
        })),
        groups: [],
        count: lines.count,
      };
    },

    async getSupervisorRobotLogChart(request) {
      const params = request.query;
      const today = isoDay(now().getTime());
      // Days are kept between the years 1 and 9999, where the database's timestamps reach.
      const to = isoDay(Date.parse(`${params.to ?? (params.from && params.from > today ? params.from : today)}T00:00:00Z`));
      const from = params.from === undefined ? addDays(to, -(DEFAULT_CHART_DAYS - 1)) : isoDay(Date.parse(`${params.from}T00:00:00Z`));
      const days = daysBetween(from, to);
      if (days < 1) throw new ApiError('bad_request', 'from must not be after to', { field: 'from' });
      if (days > MAX_CHART_DAYS) throw new ApiError('bad_request', `The range may span at most ${MAX_CHART_DAYS} days`, { field: 'from' });
      const filter = { ...robotLogFilter(params), from: dayStart(from), before: dayEnd(to) };
      return { from, to, datasets: await readRobotLogChart(db, filter, params.chart_variant ?? 'message', { from, to }) };
    },

    async listSupervisorPosts(request) {
      const params = request.query;
      const range = dayRange(params.posted_at_from, params.posted_at_to, 'posted_at_from');
      const result = await readPosts(
        db,
        {
          search: searchText(params.search),
          memberId: params.member_id,
          from: range.from,
          before: range.before,
          sortBy: params.sort_by ?? 'posted_at',
          sortDirection: params.sort_direction ?? 'desc',
        },
        params.page ?? 1,
        params.per_page ?? 30,
      );
      return { posts: result.rows.map((post) => postView(request, post)), count: result.count };
    },

    async getSupervisorMonitor() {
      return readMonitor(db, now());
    },

    async listSupervisorJobs(request) {
      const { status, page = 1, per_page: perPage = 25 } = request.query;
      const queue = await readTaskQueue(db, status, page, perPage);
      return {
        tasks: queue.rows.map(taskView),
        count: queue.count,
        counts: queue.counts,
        robot_jobs: queue.robotRuns,
      };
    },

    async retrySupervisorJob(request) {
      const outcome = await retryTask(db, { taskId: request.params.id, userId: callerOf(request).userId, ip: request.ip, at: now() });
      if ('task' in outcome) return { task: taskView(outcome.task) };
      if (outcome.refused === 'not_found') throw notFound('Task not found');
      throw new ApiError('conflict', 'Only a failed task can be retried', { reason: 'not_failed', status: outcome.status });
    },
  };
}
