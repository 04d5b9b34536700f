import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { tasks } from '../../../server/db/schema';
import { claimTask, enqueueTask, runTaskStep, startTaskWorker, type TaskKinds, type TaskPayload } from '../../../server/tasks/runner';
import { SPEC_TASK_LEASE_MS } from '../../support/spec-numbers';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/database';

const START = Date.parse('2026-11-25T10:00:00Z');
const at = (ms: number) => new Date(START + ms);

/** Counts to four, a quarter of the way each step, recording every step it runs with the count it started from. */
function countingKinds(ran: Array<{ taskId: number; from: number }>, gate?: Promise<void>): TaskKinds {
  return {
    count: async (task) => {
      const from = Number((task.payload as { n?: number }).n ?? 0);
      ran.push({ taskId: task.id, from });
      await gate;
      return async () => ({ payload: { n: from + 1 } satisfies TaskPayload, progress: (from + 1) * 25, done: from + 1 === 4 });
    },
    boom: async () => {
      throw new Error('The provider is down');
    },
    halfway: async () => async (tx) => {
      await tx.update(tasks).set({ error: 'written before the failure' }).where(eq(tasks.kind, 'halfway'));
      throw new Error('The write failed');
    },
  };
}

describe.each(databaseKinds())('the durable task runner on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    await database.db.delete(tasks);
  });
  const read = async (id: number) => (await database.db.select().from(tasks).where(eq(tasks.id, id)))[0]!;

  it('runs a task step by step, its progress going up, until it is completed', async () => {
    const ran: Array<{ taskId: number; from: number }> = [];
    const id = await enqueueTask(database.db, { kind: 'count', groupId: null }, at(0));
    expect(await read(id)).toMatchObject({ status: 'pending', progress: 0, start_timestamp: null });
    const seen: Array<[string, number]> = [];
    for (let step = 1; step <= 4; step += 1) {
      expect(await runTaskStep(database.db, countingKinds(ran), at(step * 1000))).toEqual({ taskId: id, status: step < 4 ? 'running' : 'completed' });
      const task = await read(id);
      seen.push([task.status, task.progress]);
    }
    expect(seen).toEqual([['running', 25], ['running', 50], ['running', 75], ['completed', 100]]);
    expect(await read(id)).toMatchObject({ start_timestamp: at(1000), finished_at: at(4000), payload: { n: 4 }, locked_at: null });
    expect(ran.map((step) => step.from)).toEqual([0, 1, 2, 3]);
    expect(await runTaskStep(database.db, countingKinds(ran), at(5000))).toBeNull();
  });

  it('gives one due task to one claimer only, and two tasks to two claimers', async () => {
    const first = await enqueueTask(database.db, { kind: 'count', groupId: null }, at(0));
    const both = await Promise.all([claimTask(database.db, at(1000)), claimTask(database.db, at(1000))]);
    expect(both.filter((claim) => claim !== null).map((claim) => claim!.id)).toEqual([first]);
    const second = await enqueueTask(database.db, { kind: 'count', groupId: null }, at(2000));
    const third = await enqueueTask(database.db, { kind: 'count', groupId: null }, at(2000));
    const claims = await Promise.all([claimTask(database.db, at(3000)), claimTask(database.db, at(3000))]);
    expect(claims.map((claim) => claim?.id).sort()).toEqual([second, third].sort());
  });

  it('never runs a task another worker is running: the second worker finds nothing due', async () => {
    const ran: Array<{ taskId: number; from: number }> = [];
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const id = await enqueueTask(database.db, { kind: 'count', groupId: null }, at(0));
    const slow = runTaskStep(database.db, countingKinds(ran, gate), at(1000));
    await vi.waitFor(() => expect(ran).toHaveLength(1));
    expect(await runTaskStep(database.db, countingKinds(ran), at(2000))).toBeNull();
    open();
    expect(await slow).toEqual({ taskId: id, status: 'running' });
    expect(ran).toEqual([{ taskId: id, from: 0 }]);
    expect((await read(id)).progress).toBe(25);
  });

  it("takes over a crashed worker's task once its lease has expired and resumes it from the stored cursor", async () => {
    const ran: Array<{ taskId: number; from: number }> = [];
    const id = await enqueueTask(database.db, { kind: 'count', groupId: null }, at(0));
    await runTaskStep(database.db, countingKinds(ran), at(1000));
    await runTaskStep(database.db, countingKinds(ran), at(2000));
    // A worker claims the next step and dies before storing anything.
    expect((await claimTask(database.db, at(3000)))?.id).toBe(id);
    expect(await read(id)).toMatchObject({ status: 'running', progress: 50, locked_at: at(3000) });
    expect(await runTaskStep(database.db, countingKinds(ran), at(3000 + SPEC_TASK_LEASE_MS))).toBeNull();
    expect(await runTaskStep(database.db, countingKinds(ran), at(3001 + SPEC_TASK_LEASE_MS))).toEqual({ taskId: id, status: 'running' });
    expect(ran.map((step) => step.from)).toEqual([0, 1, 2]);
    expect(await read(id)).toMatchObject({ progress: 75, payload: { n: 3 }, start_timestamp: at(1000) });
  });

  it('keeps nothing of a worker that lost its lease mid-step', async () => {
    const ran: Array<{ taskId: number; from: number }> = [];
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const id = await enqueueTask(database.db, { kind: 'count', groupId: null }, at(0));
    const stalled = runTaskStep(database.db, countingKinds(ran, gate), at(1000));
    await vi.waitFor(() => expect(ran).toHaveLength(1));
    expect(await runTaskStep(database.db, countingKinds(ran), at(1001 + SPEC_TASK_LEASE_MS))).toEqual({ taskId: id, status: 'running' });
    open();
    expect(await stalled).toEqual({ taskId: id, status: 'lost' });
    expect(await read(id)).toMatchObject({ progress: 25, payload: { n: 1 } });
  });

  it('marks a task failed with the error when a step throws, and keeps none of a failed write', async () => {
    const ran: Array<{ taskId: number; from: number }> = [];
    const boom = await enqueueTask(database.db, { kind: 'boom', groupId: null, payload: { n: 0 } }, at(0));
    expect(await runTaskStep(database.db, countingKinds(ran), at(1000))).toEqual({ taskId: boom, status: 'failed' });
    expect(await read(boom)).toMatchObject({ status: 'failed', error: 'The provider is down', finished_at: at(1000), locked_at: null });
    const halfway = await enqueueTask(database.db, { kind: 'halfway', groupId: null, payload: { n: 7 } }, at(2000));
    expect(await runTaskStep(database.db, countingKinds(ran), at(3000))).toEqual({ taskId: halfway, status: 'failed' });
    expect(await read(halfway)).toMatchObject({ status: 'failed', error: 'The write failed', payload: { n: 7 } });
    const unknown = await enqueueTask(database.db, { kind: 'nobody_runs_this', groupId: null }, at(4000));
    expect(await runTaskStep(database.db, countingKinds(ran), at(5000))).toEqual({ taskId: unknown, status: 'failed' });
    expect(await runTaskStep(database.db, countingKinds(ran), at(6000 + SPEC_TASK_LEASE_MS))).toBeNull();
  });

  it("the server's worker loop runs due steps on its interval and stops cleanly", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const ran: Array<{ taskId: number; from: number }> = [];
      const id = await enqueueTask(database.db, { kind: 'count', groupId: null }, at(0));
      const worker = startTaskWorker(database.db, countingKinds(ran), () => at(1000), () => {}, { intervalMs: 1000, stepsPerTick: 2 });
      expect(ran).toEqual([]);
      await vi.advanceTimersByTimeAsync(1000);
      await vi.waitFor(() => expect(ran).toHaveLength(2));
      await worker.stop();
      expect(await read(id)).toMatchObject({ progress: 50, status: 'running' });
      await vi.advanceTimersByTimeAsync(5000);
      expect(ran).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
