import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import { memberships, removal_counters } from '../db/schema';
import { recordAudits } from './audit';
import { removalPeriods } from './removal-limits';
import { jobArgsOf, type RobotJobRow } from './robot-jobs';

export interface RemovalsReport {
  fbUserIds: readonly string[];
  /** Where the report came from, kept with each member's audit record. */
  ip: string;
  at: Date;
}

/**
 * A batch of removals the robot carried out on the network; the caller's transaction. Only the
 * job's own members count. Each is marked removed now, counted once against today's removals and
 * audited once as members_removed by the user who started the job, however many batches report
 * it: a member already removed since the job started is left as it is.
 */
export async function writeRemovalsBatch(db: AppDb, job: RobotJobRow, report: RemovalsReport): Promise<number> {
  const reported = new Set(report.fbUserIds);
  const memberIds = (jobArgsOf(job).members ?? []).filter((member) => reported.has(member.fb_user_id)).map((member) => member.id);
  if (memberIds.length === 0) return 0;
  const removed = await db
    .update(memberships)
    .set({ is_removed: true, removed_at: report.at, updated_at: report.at })
    .where(
      and(
        eq(memberships.group_id, job.group_id),
        inArray(memberships.member_id, memberIds),
        sql`NOT (${memberships.is_removed} AND COALESCE(${memberships.removed_at} >= ${job.started_at.toISOString()}::timestamptz, false))`,
      ),
    )
    .returning({ memberId: memberships.member_id });
  if (removed.length === 0) return 0;
  await countRemovals(db, job.group_id, removalPeriods(report.at).today, removed.length);
  await recordAudits(
    db,
    removed.map(({ memberId }) => ({
      kind: 'members_removed' as const,
      userId: job.user_id,
      groupId: job.group_id,
      memberId,
      data: { ip: report.ip },
      at: report.at,
    })),
  );
  return removed.length;
}

/** Adds removals to the group's counter of the day (a UTC date), which the removal limits sum (removal-usage.ts). */
export async function countRemovals(db: AppDb, groupId: number, day: string, count: number): Promise<void> {
  await db
    .insert(removal_counters)
    .values({ group_id: groupId, day, count })
    .onConflictDoUpdate({
      target: [removal_counters.group_id, removal_counters.day],
      set: { count: sql`${removal_counters.count} + excluded.count` },
    });
}
