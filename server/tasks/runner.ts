import { and, eq, sql } from 'drizzle-orm';
import type { AppDb, AppTransaction } from '../db/connect';
import { TASK_STATUSES, type TaskStatus } from '../db/enums';
import { tasks } from '../db/schema';

/** A task's progress between steps: what the next step starts from. Stored in `tasks.payload`. */
export type TaskPayload = Record<string, unknown>;

export interface ClaimedTask {
  id: number;
  kind: string;
  groupId: number | null;
  payload: TaskPayload;
  progress: number;
  /** When this worker's lease began; the step's writes are kept only while it still holds it. */
  claimedAt: Date;
}

/** Where a task stands after a step: the next step's payload, the percent done, and whether it is finished. */
export interface TaskProgress {
  payload: TaskPayload;
  progress: number;
  done: boolean;
}

/** A step's writes, run in the transaction that stores the progress they answer. */
export type TaskStepWrite = (tx: AppTransaction) => Promise<TaskProgress>;

/**
 * One step of a kind of task: it reads the payload's cursor and does a bounded piece of work. What
 * it asks of the outside world (a provider's page) it asks first; its writes come back as one
 * function, which the runner runs with the stored progress in one transaction.
 */
export type TaskStep = (task: ClaimedTask, now: Date) => Promise<TaskStepWrite>;

export type TaskKinds = Record<string, TaskStep>;

/**
 * How long a claimed task stays its worker's: a running task whose lease is older than this is
 * taken to be a crashed worker's and is claimed again, from the payload its last step stored.
 */
export const TASK_LEASE_MS = 2 * 60_000;

export interface NewTask {
  kind: string;
  groupId: number | null;
  payload?: TaskPayload;
}

/** Queues a task (pending) for any worker to claim; pass the transaction of the change that asks for it. */
export async function enqueueTask(db: AppDb | AppTransaction, task: NewTask, now: Date): Promise<number> {
  const [row] = await db
    .insert(tasks)
    .values({ kind: task.kind, group_id: task.groupId, payload: task.payload ?? {}, created_at: now, updated_at: now })
    .returning({ id: tasks.id });
  return row!.id;
}

/**
 * Claims the oldest due task: pending, released between steps (running with no lease), or running
 * under a lease that has expired. FOR UPDATE SKIP LOCKED lets several workers (in several
 * processes) claim at once without waiting on, or taking, each other's task.
 */
export async function claimTask(db: AppDb, now: Date, leaseMs = TASK_LEASE_MS): Promise<ClaimedTask | null> {
  const expired = new Date(now.getTime() - leaseMs);
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: number }>(sql`
      SELECT id FROM ${tasks}
      WHERE status = 'pending' OR (status = 'running' AND (locked_at IS NULL OR locked_at < ${expired.toISOString()}))
      ORDER BY created_at, id
      LIMIT 1
      FOR UPDATE SKIP LOCKED`);
    const id = rows[0]?.id;
    if (id === undefined) return null;
    const [task] = await tx
      .update(tasks)
      .set({ status: 'running', attempts: sql`${tasks.attempts} + CASE WHEN ${tasks.status} = 'pending' OR ${tasks.locked_at} IS NOT NULL THEN 1 ELSE 0 END`, locked_at: now, start_timestamp: sql`coalesce(${tasks.start_timestamp}, ${now.toISOString()}::timestamptz)`, updated_at: now })
      .where(eq(tasks.id, id))
      .returning();
    return { id: task!.id, kind: task!.kind, groupId: task!.group_id, payload: task!.payload, progress: task!.progress, claimedAt: now };
  });
}

/** How many tasks stand in each status, across every worker: pending ones are the queue. */
export async function countTasksByStatus(db: AppDb): Promise<Record<TaskStatus, number>> {
  const rows = await db.select({ status: tasks.status, count: sql<number>`count(*)::int` }).from(tasks).groupBy(tasks.status);
  const counts = Object.fromEntries(TASK_STATUSES.map((status) => [status, 0])) as Record<TaskStatus, number>;
  for (const row of rows) counts[row.status] = row.count;
  return counts;
}

export type StepResult = { taskId: number; status: 'running' | 'completed' | 'failed' | 'lost' } | null;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/** The task row is still this claim's: no other worker took it over after the lease expired. */
const stillHeld = (task: ClaimedTask) => and(eq(tasks.id, task.id), eq(tasks.status, 'running'), eq(tasks.locked_at, task.claimedAt));

/**
 * Claims one due task and runs one step of it. The step's writes and its progress (payload,
 * percent, completed or released for the next step) are stored in one transaction, so a worker
 * that dies mid-step leaves the task where its last step ended. A step that throws marks the task
 * failed with the error. Answers null when no task is due; 'lost' when the lease was taken over.
 */
export async function runTaskStep(db: AppDb, kinds: TaskKinds, now: Date, leaseMs = TASK_LEASE_MS): Promise<StepResult> {
  const task = await claimTask(db, now, leaseMs);
  if (!task) return null;
  const step = kinds[task.kind];
  try {
    if (!step) throw new Error(`No worker runs tasks of kind '${task.kind}'`);
    const write = await step(task, now);
    const kept = await db.transaction(async (tx) => {
      const [held] = await tx.select({ id: tasks.id }).from(tasks).where(stillHeld(task)).for('update');
      if (!held) return null;
      const outcome = await write(tx);
      const status = outcome.done ? 'completed' : 'running';
      await tx
        .update(tasks)
        .set({
          status,
          payload: outcome.payload,
          progress: Math.max(task.progress, Math.min(100, Math.round(outcome.progress))),
          locked_at: null,
          finished_at: outcome.done ? now : null,
          updated_at: now,
        })
        .where(eq(tasks.id, task.id));
      return status;
    });
    return { taskId: task.id, status: kept ?? 'lost' };
  } catch (error) {
    const failed = await db
      .update(tasks)
      .set({ status: 'failed', error: errorText(error), locked_at: null, finished_at: now, updated_at: now })
      .where(stillHeld(task))
      .returning({ id: tasks.id });
    return { taskId: task.id, status: failed.length > 0 ? 'failed' : 'lost' };
  }
}

export interface TaskWorker {
  stop(): Promise<void>;
}

export interface TaskWorkerOptions {
  intervalMs: number;
  /** Steps one tick runs at most before it lets the next tick come. */
  stepsPerTick: number;
}

export const DEFAULT_TASK_WORKER: TaskWorkerOptions = { intervalMs: 1000, stepsPerTick: 20 };

/**
 * The server's background loop: every interval it runs due task steps until none is due (or the
 * tick's budget is spent). It never keeps the process alive, and stopping it waits for the step
 * in hand, so the database closes after it.
 */
export function startTaskWorker(
  db: AppDb,
  kinds: TaskKinds,
  now: () => Date,
  onError: (error: unknown) => void,
  options: TaskWorkerOptions = DEFAULT_TASK_WORKER,
): TaskWorker {
  let stopped = false;
  let running: Promise<void> | null = null;
  async function tick(): Promise<void> {
    for (let steps = 0; steps < options.stepsPerTick && !stopped; steps += 1) {
      if ((await runTaskStep(db, kinds, now())) === null) return;
    }
  }
  const timer = setInterval(() => {
    running ??= tick()
      .catch(onError)
      .finally(() => {
        running = null;
      });
  }, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
