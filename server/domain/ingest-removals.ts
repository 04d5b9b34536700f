import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import { members, memberships, removal_counters } from '../db/schema';
import { removalPeriods } from './removal-limits';
import { jobArgsOf, type RobotJobRow } from './robot-jobs';

/**
 * A batch of removals the robot carried out on the network. Only the job's own members count
 * (the ones moved to removed here when it started); each is marked removed now and counted once
 * against today's removals, however many batches report them.
 */
export async function writeRemovalsBatch(db: AppDb, job: RobotJobRow, fbUserIds: readonly string[], at: Date): Promise<number> {
  const jobMembers = new Set((jobArgsOf(job).members ?? []).map((member) => member.fb_user_id));
  const reported = [...new Set(fbUserIds)].filter((fbUserId) => jobMembers.has(fbUserId));
  if (reported.length === 0) return 0;
  const removed = await db
    .update(memberships)
    .set({ is_removed: true, removed_at: at, updated_at: at })
    .where(
      and(
        eq(memberships.group_id, job.group_id),
        inArray(
          memberships.member_id,
          db.select({ id: members.id }).from(members).where(inArray(members.fb_user_id, reported)),
        ),
        sql`NOT (${memberships.is_removed} AND COALESCE(${memberships.removed_at} >= ${job.started_at.toISOString()}::timestamptz, false))`,
      ),
    )
    .returning({ id: memberships.id });
  if (removed.length > 0) {
    await db
      .insert(removal_counters)
      .values({ group_id: job.group_id, day: removalPeriods(at).today, count: removed.length })
      .onConflictDoUpdate({
        target: [removal_counters.group_id, removal_counters.day],
        set: { count: sql`${removal_counters.count} + excluded.count` },
      });
  }
  return removed.length;
}
