import type { FastifyRequest } from 'fastify';
import type { RobotJobName } from '../db/enums';
import { readExtensionState } from '../domain/extension-state';
import { finishJob } from '../domain/finish-job';
import { recordGroupAdmins } from '../domain/group-admins-scan';
import { listHeldGroups } from '../domain/held-groups';
import { ingestBatch, type BatchOutcome, type BatchResult } from '../domain/job-batches';
import { writeMembersBatch } from '../domain/ingest-members';
import { writePostsBatch } from '../domain/ingest-posts';
import { writeRemovalsBatch } from '../domain/ingest-removals';
import { findJobFor, reportProgress, startJob, type RobotJobRow, type StartOutcome } from '../domain/robot-jobs';
import { storeRobotLogs } from '../domain/robot-logs';
import { recordUserGroups } from '../domain/user-groups';
import { ApiError, notFound } from '../http/errors';
import { callerOf } from './caller';
import { reportedImageUrl, scannedPerson, scannedPost } from './robot-bodies';
import type { HandlerContext, HandlerGroup } from './types';
import { ownershipView, userGroupView } from './views/ownership';
import { extensionJobView, scheduledJobView } from './views/robot-job';

const JOB_NOT_FOUND = 'Job not found';

function finishedConflict(): ApiError {
  return new ApiError('conflict', 'The job has already finished', { reason: 'finished' });
}

function batchAnswer(outcome: BatchOutcome, expected: RobotJobName): BatchResult {
  if (!('refused' in outcome)) return outcome;
  if (outcome.refused === 'finished') throw finishedConflict();
  throw new ApiError('conflict', `The job is not a ${expected} job`, { reason: 'wrong_job' });
}

function startRefusal(name: RobotJobName, outcome: Extract<StartOutcome, { refused: string }>): ApiError {
  switch (outcome.refused) {
    case 'already_running':
      return new ApiError('conflict', `A ${name} job is already running for this group`, { reason: 'already_running', job_id: outcome.jobId });
    case 'holder':
      return new ApiError('conflict', "The group's holders (you among them) are never removed by the robot", { reason: 'holder', member_ids: outcome.memberIds });
    case 'not_removable':
      return new ApiError('conflict', 'Only active or inactive members of the group can be removed', { reason: 'not_removable', member_ids: outcome.memberIds });
    case 'limit_exceeded':
      return new ApiError('limit_exceeded', 'The selection is larger than the removals left', { removal_limits: outcome.limits });
  }
}

/** What the robot (the extension, or the sandbox robot in the page) reports as it scans and removes. */
export function robotHandlers({ db, config, now, metrics }: HandlerContext): HandlerGroup {
  /** A job of a group the caller holds; anyone else's is not found. */
  async function jobOf(request: FastifyRequest<{ Params: { job_id: number } }>): Promise<RobotJobRow> {
    const job = await findJobFor(db, callerOf(request).userId, request.params.job_id);
    if (!job) throw notFound(JOB_NOT_FOUND);
    return job;
  }

  return {
    async ingestUserGroups(request) {
      const { groups } = request.body;
      const reported = groups.map((group) => ({ ...group, avatar_url: reportedImageUrl(request, group.avatar_url) }));
      const stored = await recordUserGroups(db, callerOf(request).userId, reported, now());
      if (!stored) {
        throw new ApiError('bad_request', 'Your account has no social-network id to be a group member by; sign in again', {
          reason: 'no_network_id',
        });
      }
      return { groups: stored.map((group) => userGroupView(request, group)) };
    },

    async ingestGroupOwners(request) {
      const { admins } = request.body;
      const outcome = await recordGroupAdmins(
        db,
        callerOf(request).userId,
        request.params.id,
        admins.map((admin) => scannedPerson(request, admin)),
        now(),
      );
      if ('ownership' in outcome) return { permissions: ownershipView(request, outcome.ownership) };
      if (outcome.refused === 'already_acquired') {
        throw new ApiError('conflict', 'Another admin already holds this group; its admins are theirs to scan', { reason: 'already_acquired' });
      }
      throw notFound('Group not found! Report it through POST /robot/user_groups first');
    },

    async startRobotJob(request, reply) {
      const { name, args } = request.body;
      if (args.id !== request.params.id) {
        throw new ApiError('bad_request', "'args.id' in body must be the group in the path", { field: 'args.id', location: 'body', rule: 'path_group' });
      }
      if (name === 'remove_group_members' && !args.members?.length) {
        throw new ApiError('bad_request', "'args.members' in body must name the members to remove", { field: 'args.members', location: 'body', rule: 'required' });
      }
      const outcome = await startJob(db, { groupId: request.params.id, userId: callerOf(request).userId, name, args, ip: request.ip, at: now() });
      if ('refused' in outcome) throw startRefusal(name, outcome);
      reply.code(201);
      return { job: extensionJobView(outcome.job) };
    },

    async getRobotJobs(request) {
      const { group_id: onlyGroupId } = request.query;
      const userId = callerOf(request).userId;
      const held = (await listHeldGroups(db, userId)).map((group) => group.id);
      if (onlyGroupId !== undefined && !held.includes(onlyGroupId)) throw notFound('Group not found!');
      const state = await readExtensionState(db, userId, onlyGroupId === undefined ? held : [onlyGroupId], now());
      return {
        robot_version: state.robotVersion,
        latest_robot_version: config.robotVersion,
        active_jobs: state.activeJobs.map(extensionJobView),
        scheduled_jobs: state.scheduledJobs.map(scheduledJobView),
      };
    },

    async reportRobotJobProgress(request) {
      const job = await jobOf(request);
      const { progress, total } = request.body;
      const updated = await reportProgress(db, job.id, { progress, total, at: now() });
      if (!updated) throw finishedConflict();
      return { job: extensionJobView(updated) };
    },

    async finishRobotJob(request) {
      const job = await jobOf(request);
      const { status, error } = request.body;
      const finished = await finishJob(db, job.id, { status, error: error ?? null, userId: callerOf(request).userId, ip: request.ip, at: now() });
      if (!finished) throw finishedConflict();
      return { job: extensionJobView(finished) };
    },

    async ingestJobMembers(request) {
      const job = await jobOf(request);
      const { batch_no: batchNo, members } = request.body;
      const scanned = members.map((member) => scannedPerson(request, member));
      const at = now();
      const outcome = await ingestBatch(db, job.id, 'members', batchNo, at, (tx, locked) =>
        writeMembersBatch(tx, callerOf(request).userId, { groupId: locked.group_id, startedAt: locked.started_at }, scanned, at),
      );
      const answer = batchAnswer(outcome, 'fetch_group_members');
      metrics.countMembersIngested(answer.accepted);
      return answer;
    },

    async ingestJobPosts(request) {
      const job = await jobOf(request);
      const { batch_no: batchNo, posts } = request.body;
      const scanned = posts.map((post) => scannedPost(request, post));
      const at = now();
      const outcome = await ingestBatch(db, job.id, 'posts', batchNo, at, (tx) => writePostsBatch(tx, job.group_id, scanned, at));
      return batchAnswer(outcome, 'fetch_group_posts');
    },

    async ingestJobRemovals(request) {
      const job = await jobOf(request);
      const { batch_no: batchNo, fb_user_ids: fbUserIds } = request.body;
      const at = now();
      const outcome = await ingestBatch(db, job.id, 'removals', batchNo, at, (tx, locked) => writeRemovalsBatch(tx, locked, { fbUserIds, ip: request.ip, at }));
      return batchAnswer(outcome, 'remove_group_members');
    },

    async ingestRobotLogs(request, reply) {
      const { logs } = request.body;
      const accepted = await storeRobotLogs(db, callerOf(request).userId, logs, now());
      reply.code(202);
      return { accepted };
    },
  };
}
