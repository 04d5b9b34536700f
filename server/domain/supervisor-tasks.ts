import { count, desc, eq, inArray } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import { TASK_STATUSES, type TaskStatus } from '../db/enums';
import { groups, robot_jobs, tasks } from '../db/schema';
import { noteChange, recordSupervisorEdit, type FieldDiff } from './supervisor-edits';

export type TaskRow = typeof tasks.$inferSelect;

/** How many of the latest robot runs the background tasks page shows (the contract's limit). */
export const LATEST_ROBOT_RUNS = 20;

/**
 * A page of the durable task queue, newest first, optionally only some statuses; how many match;
 * how many tasks there are in each status; and the latest robot runs of any group, newest first.
 */
export async function readTaskQueue(db: AppDb, statuses: readonly TaskStatus[] | undefined, page: number, perPage: number) {
  const matching = statuses && statuses.length > 0 ? inArray(tasks.status, [...statuses]) : undefined;
  const [rows, [total], byStatus, robotRuns] = await Promise.all([
    db
      .select()
      .from(tasks)
      .where(matching)
      .orderBy(desc(tasks.created_at), desc(tasks.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(tasks).where(matching),
    db.select({ status: tasks.status, n: count() }).from(tasks).groupBy(tasks.status),
    db
      .select({
        id: robot_jobs.id,
        name: robot_jobs.name,
        status: robot_jobs.status,
        group_id: robot_jobs.group_id,
        group_name: groups.name,
        user_id: robot_jobs.user_id,
        progress: robot_jobs.progress,
        started_at: robot_jobs.started_at,
        finished_at: robot_jobs.finished_at,
        error: robot_jobs.error,
      })
      .from(robot_jobs)
      .innerJoin(groups, eq(groups.id, robot_jobs.group_id))
      .orderBy(desc(robot_jobs.started_at), desc(robot_jobs.id))
      .limit(LATEST_ROBOT_RUNS),
  ]);
  const counts = Object.fromEntries(TASK_STATUSES.map((status) => [status, 0])) as Record<TaskStatus, number>;
  for (const row of byStatus) counts[row.status] = Number(row.n);
  return { rows, count: total!.n, counts, robotRuns };
}

export interface TaskRetry {
  taskId: number;
  /** The supervisor. */
  userId: number;
  ip: string;
  at: Date;
}

/**
 * Queues a failed task again: pending, its error and finish cleared, to be claimed by the next
 * worker, which resumes from the payload (the cursor) its last step stored. One transaction with
 * the task row locked and the audit record of the change.
 */
export async function retryTask(db: AppDb, retry: TaskRetry): Promise<{ task: TaskRow } | { refused: 'not_found' | 'not_failed'; status?: TaskStatus }> {
  return db.transaction(async (tx) => {
    const [task] = await tx.select().from(tasks).where(eq(tasks.id, retry.taskId)).for('update');
    if (!task) return { refused: 'not_found' };
    if (task.status !== 'failed') return { refused: 'not_failed', status: task.status };
    const [queued] = await tx
      .update(tasks)
      .set({ status: 'pending', error: null, finished_at: null, locked_at: null, updated_at: retry.at })
      .where(eq(tasks.id, task.id))
      .returning();
    const diff: FieldDiff = {};
    noteChange(diff, 'status', task.status, queued!.status);
    noteChange(diff, 'error', task.error, queued!.error);
    await recordSupervisorEdit(tx, { userId: retry.userId, groupId: task.group_id, diff, ip: retry.ip, at: retry.at, about: { task_id: task.id, task_kind: task.kind } });
    return { task: queued! };
  });
}
