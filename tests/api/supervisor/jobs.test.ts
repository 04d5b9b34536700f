import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit_logs, robot_jobs, tasks } from '../../../server/db/schema';
import { claimTask } from '../../../server/tasks/runner';
import { databaseKinds } from '../../support/database';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { dataDigests } from '../support/table-counts';
import { createTestServer, type TestServer } from '../support/test-server';
import { callAs } from './supervisor-calls';

const NOW = new Date('2026-03-10T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);
const STATUSES = ['pending', 'running', 'completed', 'failed'] as const;

interface TaskBody {
  id: number;
  status: string;
  error: string | null;
  attempts: number;
  progress: number;
  finished_at: string | null;
  created_at: string;
}

describe.each(databaseKinds())('the supervisor background tasks on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  let token: string;
  const idsByStatus: Record<string, number[]> = { pending: [], running: [], completed: [], failed: [] };

  beforeAll(async () => {
    server = await createTestServer(kind, {}, { now: () => NOW });
    world = await createRoleWorld(server.db);
    token = world.tokens.supervisor!;
    // 30 tasks, one a minute, their statuses in turn: 8 pending, 8 running, 7 completed, 7 failed.
    const made = await server.db
      .insert(tasks)
      .values(
        Array.from({ length: 30 }, (_, i) => {
          const status = STATUSES[i % 4]!;
          return {
            kind: 'match_customers',
            group_id: world.group.id,
            status,
            attempts: 1,
            progress: 40,
            payload: { cursor: `page-${i}` },
            error: status === 'failed' ? `The provider did not answer (${i})` : null,
            start_timestamp: minutesAgo(60 - i),
            finished_at: status === 'failed' || status === 'completed' ? minutesAgo(50 - i) : null,
            created_at: minutesAgo(60 - i),
          };
        }),
      )
      .returning({ id: tasks.id, status: tasks.status });
    for (const task of made) idsByStatus[task.status]!.push(task.id);
    await server.db.insert(robot_jobs).values(
      Array.from({ length: 22 }, (_, i) => ({
        group_id: i % 2 === 0 ? world.group.id : world.otherGroup.id,
        user_id: world.userIds.groupAdmin,
        name: 'fetch_group_members' as const,
        status: 'completed' as const,
        progress: i,
        started_at: minutesAgo(100 - i),
        finished_at: minutesAgo(99 - i),
      })),
    );
  });
  afterAll(async () => server?.close());

  const queue = async (query = '') => callAs(server, token, { path: '/supervisor/jobs', query });

  describe('GET /supervisor/jobs', () => {
    it('answers the task queue newest first, 25 a page, with counts per status and the latest 20 robot runs', async () => {
      const page = await queue();
      expect(page.count).toBe(30);
      expect(page.counts).toEqual({ pending: 8, running: 8, completed: 7, failed: 7 });
      const created = (page.tasks as TaskBody[]).map((task) => Date.parse(task.created_at));
      expect(page.tasks).toHaveLength(25);
      expect(created).toEqual([...created].sort((a, b) => b - a));
      expect(page.tasks[0]).toMatchObject({ status: 'running', attempts: 1, progress: 40, error: null, created_at: minutesAgo(31).toISOString() });
      expect(page.tasks[2]).toMatchObject({ status: 'failed', error: 'The provider did not answer (27)', finished_at: minutesAgo(23).toISOString() });
      expect((await queue('page=2')).tasks).toHaveLength(5);
      expect(page.robot_jobs).toHaveLength(20);
      expect(page.robot_jobs[0]).toEqual({
        id: expect.any(Number),
        name: 'fetch_group_members',
        status: 'completed',
        group_id: world.otherGroup.id,
        group_name: 'Another Group',
        user_id: world.userIds.groupAdmin,
        progress: 21,
        started_at: minutesAgo(79).toISOString(),
        finished_at: minutesAgo(78).toISOString(),
        error: null,
      });
      expect(page.robot_jobs.map((job: { progress: number }) => job.progress)).toEqual(Array.from({ length: 20 }, (_, i) => 21 - i));
    });

    it('status, pipe-delimited, keeps only those statuses; the counts stay those of the whole queue', async () => {
      const some = await queue('status=failed|pending&per_page=100');
      expect(some.count).toBe(15);
      expect((some.tasks as TaskBody[]).every((task) => task.status === 'failed' || task.status === 'pending')).toBe(true);
      expect(some.counts).toEqual({ pending: 8, running: 8, completed: 7, failed: 7 });
      await callAs(server, token, { path: '/supervisor/jobs', query: 'status=failed|lost' }, 400);
    });
  });

  describe('POST /supervisor/jobs/{id}/retry', () => {
    const retry = (id: number, status = 200) => callAs(server, token, { method: 'POST', path: '/supervisor/jobs/{id}/retry', id }, status);

    it('queues a failed task again, error cleared, audited as the supervisor’s edit; the next worker claims it from its stored payload', async () => {
      const id = idsByStatus.failed![0]!;
      const { task } = await retry(id);
      expect(task).toMatchObject({ id, status: 'pending', error: null, finished_at: null, attempts: 1, progress: 40 });
      const [audit] = await server.db
        .select()
        .from(audit_logs)
        .where(and(eq(audit_logs.kind, 'supervisor_edit'), eq(audit_logs.group_id, world.group.id)));
      expect(audit).toMatchObject({
        user_id: world.userIds.supervisor,
        created_at: NOW,
        data: { task_id: id, diff: { status: ['failed', 'pending'], error: ['The provider did not answer (3)', null] } },
      });
      // Pending tasks older than it are claimed first; claim until it comes.
      let claimed;
      do claimed = await claimTask(server.db, NOW);
      while (claimed && claimed.id !== id);
      expect(claimed).toMatchObject({ id, payload: { cursor: 'page-3' }, progress: 40 });
      const [row] = await server.db.select().from(tasks).where(eq(tasks.id, id));
      expect(row).toMatchObject({ status: 'running', attempts: 2 });
    });

    it('answers 409 not_failed for a task that has not failed and 404 for no such task, writing nothing', async () => {
      const before = await dataDigests(server.db);
      for (const status of ['pending', 'running', 'completed'] as const) {
        const refused = await retry(idsByStatus[status]!.at(-1)!, 409);
        expect(refused.error.details.reason).toBe('not_failed');
      }
      const missing = await retry(2147483647, 404);
      expect(missing.error.code).toBe('not_found');
      expect(await dataDigests(server.db)).toEqual(before);
    });
  });
});
