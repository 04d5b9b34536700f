import { and, eq, gt, inArray, not, type SQL } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import type { AuditLogKind, RobotJobName, RobotJobStatus } from '../db/enums';
import type { GroupSettings } from '../db/json-types';
import { groups, members, memberships, robot_jobs } from '../db/schema';
import { REMOVABLE_LISTS } from '../../rules/memberMoves';
import { recordAudit } from './audit';
import { holdersAmong } from './group-ownership';
import { holdsGroup } from './held-groups';
import { NO_REMOVALS, removalLimits, type RemovalLimits } from './removal-limits';
import { readRemovalUsage } from './removal-usage';

export type RobotJobRow = typeof robot_jobs.$inferSelect;

export interface JobMember {
  id: number;
  fb_user_id: string;
  name: string;
}

/** The command's arguments as stored with the job (the contract's JobArgs). */
export interface RobotJobArgs {
  id: number;
  settings?: GroupSettings;
  members?: JobMember[];
}

export function jobArgsOf(job: RobotJobRow): RobotJobArgs {
  return { ...(job.args as Partial<RobotJobArgs>), id: job.group_id };
}

/** A running job the robot has shown no sign of life for this long is abandoned: the robot died. */
export const JOB_ABANDONED_AFTER_MS = 15 * 60_000;

const ABANDONED_JOB_ERROR = 'The robot stopped reporting on this job for 15 minutes; it was abandoned';

/** Whether a robot_jobs row showed a sign of life (its start, a progress report or a batch) within the abandonment window before `now`. */
export function liveJobSince(now: Date): SQL {
  return gt(robot_jobs.last_activity_at, new Date(now.getTime() - JOB_ABANDONED_AFTER_MS));
}

const SCAN_AUDIT: Partial<Record<RobotJobName, AuditLogKind>> = {
  fetch_group_members: 'members_scan',
  fetch_group_posts: 'engagements_scan',
};

export interface JobStart {
  groupId: number;
  userId: number;
  name: RobotJobName;
  args: RobotJobArgs;
  ip: string;
  at: Date;
}

export type StartOutcome =
  | { job: RobotJobRow }
  | { refused: 'already_running'; jobId: number }
  | { refused: 'holder'; memberIds: number[] }
  | { refused: 'not_removable'; memberIds: number[] }
  | { refused: 'limit_exceeded'; limits: RemovalLimits };

/**
 * Records that the robot started a command on a group, one transaction with its audit record.
 * The group row is locked so two starts of the same command cannot both run, and two removals are
 * checked against the limits one after the other. A running job of the same command that has
 * been abandoned is marked failed first, so a dead robot does not block the command for good.
 * A posts scan keeps the settings it runs with (the group's when the robot sent none). A removal
 * takes active or inactive members, never a holder (holdersAmong), as many as the removal limits
 * leave (its members count as spent until reported, removal-usage.ts), stored as this group knows
 * them. A locked group starts nothing: the access hooks refuse every write of its admins before this runs.
 */
export async function startJob(db: AppDb, start: JobStart): Promise<StartOutcome> {
  return db.transaction(async (tx) => {
    const [group] = await tx
      .select({ settings: groups.settings, plan: groups.subscribed_plan })
      .from(groups)
      .where(eq(groups.id, start.groupId))
      .for('update');
    const removal = start.name === 'remove_group_members';

    const sameCommand = and(eq(robot_jobs.group_id, start.groupId), eq(robot_jobs.name, start.name), eq(robot_jobs.status, 'running'));
    await tx
      .update(robot_jobs)
      .set({ status: 'failed', error: ABANDONED_JOB_ERROR, finished_at: start.at })
      .where(and(sameCommand, not(liveJobSince(start.at))));
    const [running] = await tx.select({ id: robot_jobs.id }).from(robot_jobs).where(sameCommand).limit(1);
    if (running) return { refused: 'already_running', jobId: running.id };

    let args: RobotJobArgs = { id: start.groupId };
    if (start.name === 'fetch_group_posts') args = { ...args, settings: start.args.settings ?? group!.settings };
    if (removal) {
      const wanted = [...new Set((start.args.members ?? []).map((member) => member.id))];
      const holders = await holdersAmong(tx, start.groupId, wanted);
      if (holders.length > 0) return { refused: 'holder', memberIds: holders };
      const removable = new Map((await removableMembers(tx, start.groupId, wanted)).map((member) => [member.id, member]));
      const refused = wanted.filter((id) => !removable.has(id));
      if (refused.length > 0) return { refused: 'not_removable', memberIds: refused };
      const usage = (await readRemovalUsage(tx, [start.groupId], start.at)).get(start.groupId) ?? NO_REMOVALS;
      const limits = removalLimits(group!.plan, usage, start.at);
      if (wanted.length > limits.current.left) return { refused: 'limit_exceeded', limits };
      args = { ...args, members: wanted.map((id) => removable.get(id)!) };
    }

    const [job] = await tx
      .insert(robot_jobs)
      .values({
        group_id: start.groupId,
        user_id: start.userId,
        name: start.name,
        status: 'running',
        args: { ...args },
        started_at: start.at,
        last_activity_at: start.at,
      })
      .returning();
    const auditKind = SCAN_AUDIT[start.name];
    if (auditKind) await recordAudit(tx, { kind: auditKind, userId: start.userId, groupId: start.groupId, data: { ip: start.ip }, at: start.at });
    return { job: job! };
  });
}

/** The selected members that are in a list the robot removes from (active or inactive: not whitelisted, not removed). */
async function removableMembers(db: AppDb, groupId: number, memberIds: readonly number[]): Promise<JobMember[]> {
  if (memberIds.length === 0) return [];
  return db
    .select({ id: members.id, fb_user_id: members.fb_user_id, name: memberships.member_name })
    .from(memberships)
    .innerJoin(members, eq(members.id, memberships.member_id))
    .where(and(eq(memberships.group_id, groupId), inArray(memberships.member_id, [...memberIds]), inArray(memberships.list, [...REMOVABLE_LISTS])));
}

/** A job the user may report on: one of a group they hold, whoever started it. */
export async function findJobFor(db: AppDb, userId: number, jobId: number): Promise<RobotJobRow | undefined> {
  const [job] = await db.select().from(robot_jobs).where(eq(robot_jobs.id, jobId)).limit(1);
  if (!job || !(await holdsGroup(db, userId, job.group_id))) return undefined;
  return job;
}

/** Records a running job's progress, a sign of life of the robot; undefined when the job has finished. */
export async function reportProgress(
  db: AppDb,
  jobId: number,
  report: { progress: number; total: number | null; at: Date },
): Promise<RobotJobRow | undefined> {
  const [job] = await db
    .update(robot_jobs)
    .set({ progress: report.progress, total: report.total, last_activity_at: report.at })
    .where(and(eq(robot_jobs.id, jobId), eq(robot_jobs.status, 'running')))
    .returning();
  return job;
}

export type FinishStatus = Exclude<RobotJobStatus, 'running'>;
