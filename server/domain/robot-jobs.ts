import { and, eq, inArray } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import type { AuditLogKind, RobotJobName, RobotJobStatus } from '../db/enums';
import type { GroupSettings } from '../db/json-types';
import { groups, members, memberships, robot_jobs } from '../db/schema';
import { recordAudit } from './audit';
import { holdsGroup } from './held-groups';

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
  | { refused: 'not_removed'; memberIds: number[] };

/**
 * Records that the robot started a command on a group, one transaction with its audit record.
 * The group row is locked so two starts of the same command cannot both run. A posts scan keeps
 * the settings it runs with (the group's when the robot sent none); a removal takes only members
 * already moved to removed here, stored as this group knows them.
 */
export async function startJob(db: AppDb, start: JobStart): Promise<StartOutcome> {
  return db.transaction(async (tx) => {
    const [group] = await tx.select({ settings: groups.settings }).from(groups).where(eq(groups.id, start.groupId)).for('update');
    const [running] = await tx
      .select({ id: robot_jobs.id })
      .from(robot_jobs)
      .where(and(eq(robot_jobs.group_id, start.groupId), eq(robot_jobs.name, start.name), eq(robot_jobs.status, 'running')))
      .limit(1);
    if (running) return { refused: 'already_running', jobId: running.id };

    let args: RobotJobArgs = { id: start.groupId };
    if (start.name === 'fetch_group_posts') args = { ...args, settings: start.args.settings ?? group!.settings };
    if (start.name === 'remove_group_members') {
      const wanted = [...new Set((start.args.members ?? []).map((member) => member.id))];
      const moved = new Map((await membersMovedToRemoved(tx, start.groupId, wanted)).map((member) => [member.id, member]));
      const missing = wanted.filter((id) => !moved.has(id));
      if (missing.length > 0) return { refused: 'not_removed', memberIds: missing };
      args = { ...args, members: wanted.map((id) => moved.get(id)!) };
    }

    const [job] = await tx
      .insert(robot_jobs)
      .values({ group_id: start.groupId, user_id: start.userId, name: start.name, status: 'running', args: { ...args }, started_at: start.at })
      .returning();
    const auditKind = SCAN_AUDIT[start.name];
    if (auditKind) await recordAudit(tx, { kind: auditKind, userId: start.userId, groupId: start.groupId, data: { ip: start.ip }, at: start.at });
    return { job: job! };
  });
}

async function membersMovedToRemoved(db: AppDb, groupId: number, memberIds: readonly number[]): Promise<JobMember[]> {
  if (memberIds.length === 0) return [];
  return db
    .select({ id: members.id, fb_user_id: members.fb_user_id, name: memberships.member_name })
    .from(memberships)
    .innerJoin(members, eq(members.id, memberships.member_id))
    .where(and(eq(memberships.group_id, groupId), inArray(memberships.member_id, [...memberIds]), eq(memberships.is_removed, true)));
}

/** A job the user may report on: one of a group they hold, whoever started it. */
export async function findJobFor(db: AppDb, userId: number, jobId: number): Promise<RobotJobRow | undefined> {
  const [job] = await db.select().from(robot_jobs).where(eq(robot_jobs.id, jobId)).limit(1);
  if (!job || !(await holdsGroup(db, userId, job.group_id))) return undefined;
  return job;
}

/** Undefined when the job has finished. */
export async function reportProgress(db: AppDb, jobId: number, progress: number, total: number | null): Promise<RobotJobRow | undefined> {
  const [job] = await db
    .update(robot_jobs)
    .set({ progress, total })
    .where(and(eq(robot_jobs.id, jobId), eq(robot_jobs.status, 'running')))
    .returning();
  return job;
}

export type FinishStatus = Exclude<RobotJobStatus, 'running'>;
