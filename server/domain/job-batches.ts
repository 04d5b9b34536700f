import { and, eq } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import type { RobotJobName } from '../db/enums';
import { robot_job_batches, robot_jobs } from '../db/schema';
import type { RobotJobRow } from './robot-jobs';

export type BatchKind = 'members' | 'posts' | 'removals';

const JOB_OF_BATCH: Record<BatchKind, RobotJobName> = {
  members: 'fetch_group_members',
  posts: 'fetch_group_posts',
  removals: 'remove_group_members',
};

export interface BatchResult {
  batch_no: number;
  accepted: number;
  duplicate: boolean;
}

export type BatchOutcome = BatchResult | { refused: 'wrong_job' | 'finished' };

/**
 * Stores one batch of a job exactly once. Everything the batch writes and its robot_job_batches
 * row (with how much it held, which the monitor's ingestion figures sum) are one transaction: a
 * batch that fails midway leaves nothing, so its retry is stored as new; a batch already stored
 * is answered as a duplicate and not written again. The job row is locked for the batch, so
 * batches of one job (and its finish) never interleave. A new batch is the robot's sign of life
 * on the job (robot_jobs.last_activity_at).
 */
export async function ingestBatch(
  db: AppDb,
  jobId: number,
  kind: BatchKind,
  batchNo: number,
  at: Date,
  write: (tx: AppDb, job: RobotJobRow) => Promise<number>,
): Promise<BatchOutcome> {
  return db.transaction(async (tx) => {
    const [job] = await tx.select().from(robot_jobs).where(eq(robot_jobs.id, jobId)).for('update');
    if (!job || job.name !== JOB_OF_BATCH[kind]) return { refused: 'wrong_job' };
    const [stored] = await tx
      .select({ id: robot_job_batches.id })
      .from(robot_job_batches)
      .where(and(eq(robot_job_batches.job_id, jobId), eq(robot_job_batches.batch_no, batchNo), eq(robot_job_batches.kind, kind)))
      .limit(1);
    if (stored) return { batch_no: batchNo, accepted: 0, duplicate: true };
    if (job.status !== 'running') return { refused: 'finished' };
    const [batch] = await tx.insert(robot_job_batches).values({ job_id: jobId, batch_no: batchNo, kind, created_at: at }).returning({ id: robot_job_batches.id });
    await tx.update(robot_jobs).set({ last_activity_at: at }).where(eq(robot_jobs.id, jobId));
    const accepted = await write(tx, job);
    await tx.update(robot_job_batches).set({ accepted }).where(eq(robot_job_batches.id, batch!.id));
    return { batch_no: batchNo, accepted, duplicate: false };
  });
}
