import { and, count, eq, lt } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import { memberships, robot_job_batches } from '../db/schema';
import type { RobotJobRow } from './robot-jobs';

/**
 * After a completed members scan, the members it did not see have left the group: they move to
 * the removed list (not counted as removals: nobody here removed them). A membership is seen when
 * a batch of the scan touched it (its updated_at is not older than the job). Holders are never
 * moved, so a scan cannot lock the group's admins out, and a scan that stored no batch moves no one.
 */
export async function moveUnseenMembersToRemoved(db: AppDb, job: RobotJobRow, at: Date): Promise<number> {
  const [batches] = await db.select({ n: count() }).from(robot_job_batches).where(eq(robot_job_batches.job_id, job.id));
  if (!batches || batches.n === 0) return 0;
  const gone = await db
    .update(memberships)
    .set({ is_removed: true, removed_at: at, updated_at: at })
    .where(
      and(
        eq(memberships.group_id, job.group_id),
        eq(memberships.is_removed, false),
        eq(memberships.is_admin_holder, false),
        lt(memberships.updated_at, job.started_at),
      ),
    )
    .returning({ id: memberships.id });
  return gone.length;
}
