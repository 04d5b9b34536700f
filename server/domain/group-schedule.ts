import { eq } from 'drizzle-orm';
import { paidFeatureRefusal, type PaidFeatureRefusal } from '../../rules/plans';
import type { AppDb } from '../db/connect';
import { DEFAULT_GROUP_SCHEDULE } from '../db/group-defaults';
import type { GroupSchedule, ScheduledJobConfig } from '../db/json-types';
import { groups } from '../db/schema';
import { recordAudit } from './audit';

type JobName = keyof GroupSchedule;

const JOB_NAMES = Object.keys(DEFAULT_GROUP_SCHEDULE) as JobName[];

/** Stored or sent configs by job; a job left out keeps its own. */
export type SchedulePatch = Partial<Record<JobName, Partial<ScheduledJobConfig>>>;

export interface ScheduleChange {
  groupId: number;
  userId: number;
  patch: SchedulePatch;
  ip: string;
  at: Date;
}

export type ScheduleOutcome =
  | { saved: GroupSchedule }
  | { refused: PaidFeatureRefusal }
  /** The job would wait for itself: afterJob names it, or the job it follows waits for it. */
  | { refused: 'after_itself'; job: JobName }
  /** Scheduled afterJob with no job to follow. */
  | { refused: 'no_job_to_follow'; job: JobName }
  | { refused: 'not_found' };

/** Each job's stored config over its defaults; the display name is always the default's. */
export function effectiveSchedule(stored: SchedulePatch): GroupSchedule {
  const schedule = {} as GroupSchedule;
  for (const name of JOB_NAMES) {
    schedule[name] = { ...DEFAULT_GROUP_SCHEDULE[name], ...stored[name], humanName: DEFAULT_GROUP_SCHEDULE[name].humanName };
  }
  return schedule;
}

export async function readGroupSchedule(db: AppDb, groupId: number): Promise<GroupSchedule | undefined> {
  const [row] = await db.select({ schedule: groups.schedule }).from(groups).where(eq(groups.id, groupId)).limit(1);
  return row && effectiveSchedule(row.schedule);
}

/** Whether the job, scheduled afterJob, would wait for itself: directly, or through the jobs it follows. */
function waitsForItself(schedule: GroupSchedule, name: JobName): boolean {
  if (schedule[name].afterJob === name) return true;
  const seen = new Set<JobName>();
  let current = name;
  while (schedule[current].scheduled === 'afterJob' && schedule[current].afterJob !== null) {
    const next = schedule[current].afterJob as JobName;
    if (next === name) return true;
    if (seen.has(next)) return false;
    seen.add(next);
    current = next;
  }
  return false;
}

/**
 * Replaces the configs sent, with the group row locked, and records each changed field as
 * job.field to [old, new] in a schedule_updated audit in the same transaction. Scheduling is a
 * paid feature (paidFeatureRefusal); a job may not wait for itself, nor follow no job.
 */
export async function changeGroupSchedule(db: AppDb, change: ScheduleChange): Promise<ScheduleOutcome> {
  return db.transaction(async (tx) => {
    const [group] = await tx
      .select({ schedule: groups.schedule, subscribed_plan: groups.subscribed_plan, is_locked: groups.is_locked })
      .from(groups)
      .where(eq(groups.id, change.groupId))
      .for('update');
    if (!group) return { refused: 'not_found' };
    const refusal = paidFeatureRefusal(group);
    if (refusal) return { refused: refusal };
    const before = effectiveSchedule(group.schedule);
    const after = effectiveSchedule({ ...group.schedule, ...change.patch });
    const orphan = JOB_NAMES.find((name) => after[name].scheduled === 'afterJob' && after[name].afterJob === null);
    if (orphan) return { refused: 'no_job_to_follow', job: orphan };
    const waiting = JOB_NAMES.find((name) => waitsForItself(after, name));
    if (waiting) return { refused: 'after_itself', job: waiting };
    const diff: Record<string, [unknown, unknown]> = {};
    for (const name of JOB_NAMES) {
      for (const field of Object.keys(after[name]) as (keyof ScheduledJobConfig)[]) {
        if (before[name][field] !== after[name][field]) diff[`${name}.${field}`] = [before[name][field], after[name][field]];
      }
    }
    if (Object.keys(diff).length === 0) return { saved: before };
    await tx.update(groups).set({ schedule: after, updated_at: change.at }).where(eq(groups.id, change.groupId));
    await recordAudit(tx, { kind: 'schedule_updated', userId: change.userId, groupId: change.groupId, data: { ip: change.ip, diff }, at: change.at });
    return { saved: after };
  });
}
