import { and, eq, gte, inArray } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import { memberships, robot_jobs } from '../db/schema';
import { recordAudit } from './audit';
import { settleScanDepartures } from './gone-members';
import { jobArgsOf, type FinishStatus, type RobotJobRow } from './robot-jobs';
import { recordTodayMetrics } from './today-metrics';

export interface JobFinish {
  status: FinishStatus;
  error: string | null;
  userId: number;
  ip: string;
  at: Date;
}

/**
 * Ends a running job and draws its consequences in the same transaction: a completed members
 * scan moves the members it did not see to removed, or holds them for the admin when they are too
 * many to believe (gone-members.ts); every job writes today's metrics from the
 * lists as they now are (scans and removals change them); a completed removal is audited when it
 * removed someone.
 * Undefined when the job had already finished.
 */
export async function finishJob(db: AppDb, jobId: number, finish: JobFinish): Promise<RobotJobRow | undefined> {
  return db.transaction(async (tx) => {
    const [job] = await tx.select().from(robot_jobs).where(eq(robot_jobs.id, jobId)).for('update');
    if (!job || job.status !== 'running') return undefined;
    const [finished] = await tx
      .update(robot_jobs)
      .set({ status: finish.status, error: finish.error, finished_at: finish.at })
      .where(eq(robot_jobs.id, jobId))
      .returning();
    const completed = finish.status === 'completed';
    if (job.name === 'fetch_group_members' && completed) await settleScanDepartures(tx, job, { userId: finish.userId, ip: finish.ip, at: finish.at });
    await recordTodayMetrics(tx, job.group_id, finish.at);
    if (job.name === 'remove_group_members' && completed && (await removedByJob(tx, job)) > 0) {
      await recordAudit(tx, { kind: 'members_removal_done', userId: finish.userId, groupId: job.group_id, data: { ip: finish.ip }, at: finish.at });
    }
    return finished;
  });
}

/** The job's members the robot reported removed during this job. */
async function removedByJob(db: AppDb, job: RobotJobRow): Promise<number> {
  const memberIds = (jobArgsOf(job).members ?? []).map((member) => member.id);
  if (memberIds.length === 0) return 0;
  const rows = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(
      and(
        eq(memberships.group_id, job.group_id),
        inArray(memberships.member_id, memberIds),
        eq(memberships.is_removed, true),
        gte(memberships.removed_at, job.started_at),
      ),
    );
  return rows.length;
}
