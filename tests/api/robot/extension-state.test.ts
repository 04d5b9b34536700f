import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups, robot_jobs, robot_logs } from '../../../server/db/schema';
import { databaseKinds } from '../../support/database';
import { SPEC_JOB_ABANDONED_AFTER_MS } from '../../support/spec-numbers';
import { apiAs, type ApiCall } from '../support/robot-client';
import { finishJob, startJob } from '../support/sandbox-robot';
import { signInAs } from '../support/sandbox-session';
import { createSeededServer } from '../support/seeded-server';
import type { TestServer } from '../support/test-server';

describe.each(databaseKinds())('the extension state and robot logs on %s', (kind) => {
  let server: TestServer;
  let ada: ApiCall;
  let groupIds: Map<string, number>;

  beforeAll(async () => {
    server = await createSeededServer(kind);
    ada = apiAs(server.app, (await signInAs(server.app, 'ada')).token);
    groupIds = new Map((await server.db.select({ id: groups.id, name: groups.name }).from(groups)).map((group) => [group.name, group.id]));
  });
  afterAll(async () => server?.close());

  const state = (query?: Record<string, string>) => ada('GET', '/robot/jobs', query ? { query } : {});

  it('plans the enabled schedules of paid, unlocked groups only', async () => {
    const { body } = await state();
    // The seed's robot logs say which version scanned Ada's groups last.
    expect(body).toMatchObject({ robot_version: expect.stringMatching(/^3\.\d+\.\d+$/), latest_robot_version: server.config.robotVersion, active_jobs: [] });
    const monthly = groupIds.get('Vintage Film Camera Swap')!;
    const annual = groupIds.get('Trail Runners Worldwide')!;
    expect(body.scheduled_jobs.map((job: { group_id: number; name: string }) => [job.group_id, job.name])).toEqual([
      [annual, 'fetch_group_members'],
      [annual, 'fetch_group_posts'],
      [monthly, 'fetch_group_members'],
      [monthly, 'fetch_group_posts'],
    ]);
    const members = body.scheduled_jobs.find((job: { group_id: number; name: string }) => job.group_id === monthly && job.name === 'fetch_group_members');
    const next = new Date(members.next_run_at);
    expect(next.toISOString().slice(11, 19)).toBe('03:00:00');
    expect(next.getTime() - Date.now()).toBeGreaterThan(0);
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(86_400_000);
    // The seeded engagements scan ran after the last members scan, so it waits for the next one.
    expect(body.scheduled_jobs.find((job: { group_id: number; name: string }) => job.group_id === monthly && job.name === 'fetch_group_posts').next_run_at).toBeNull();
  });

  it('shows a running job, and plans the engagements scan that follows a completed members scan', async () => {
    const monthly = groupIds.get('Vintage Film Camera Swap')!;
    const jobId = await startJob(ada, monthly, 'fetch_group_members');
    const running = await state({ group_id: String(monthly) });
    expect(running.body.active_jobs).toEqual([
      expect.objectContaining({ id: jobId, group_id: monthly, name: 'fetch_group_members', status: 'running', args: { id: monthly } }),
    ]);
    const finished = await finishJob(ada, jobId, 'completed');
    const after = await state({ group_id: String(monthly) });
    expect(after.body.active_jobs).toEqual([]);
    const posts = after.body.scheduled_jobs.find((job: { name: string }) => job.name === 'fetch_group_posts');
    expect(posts.next_run_at).toBe(finished.finished_at);
  });

  it('keeps a posts scan with the settings it runs with', async () => {
    const free = groupIds.get('Backyard Beekeepers Circle')!;
    const jobId = await startJob(ada, free, 'fetch_group_posts');
    const { body } = await state({ group_id: String(free) });
    expect(body.active_jobs).toEqual([
      expect.objectContaining({ id: jobId, args: { id: free, settings: expect.objectContaining({ engagement_sync_posts_back: 10 }) } }),
    ]);
    await finishJob(ada, jobId, 'failed');
  });

  it('leaves out a running job the robot abandoned, so its notice does not stay on screen', async () => {
    const annual = groupIds.get('Trail Runners Worldwide')!;
    const jobId = await startJob(ada, annual, 'fetch_group_posts');
    expect((await state({ group_id: String(annual) })).body.active_jobs.map((job: { id: number }) => job.id)).toEqual([jobId]);
    const quietSince = new Date(Date.now() - SPEC_JOB_ABANDONED_AFTER_MS - 60_000);
    await server.db.update(robot_jobs).set({ last_activity_at: quietSince }).where(eq(robot_jobs.id, jobId));
    expect((await state({ group_id: String(annual) })).body.active_jobs).toEqual([]);
  });

  it('answers 404 for a group the user does not hold', async () => {
    expect((await state({ group_id: String(groupIds.get('Home Espresso Enthusiasts')!) })).status).toBe(404);
  });

  it('stores log lines and reports the robot version they carry', async () => {
    const logs = [
      { level: 'debug', message: 'Opened the members page', exec_id: 'exec-1', robot_version: '2.4.1', group_id: groupIds.get('Vintage Film Camera Swap'), data: { page: 1 } },
      { level: 'error', message: 'A group that is gone', exec_id: 'exec-1', robot_version: '2.4.1', group_id: 2_000_000 },
    ];
    const response = await ada('POST', '/robot/logs', { payload: { logs } });
    expect(response).toEqual({ status: 202, body: { accepted: 2 } });
    const stored = await server.db.select().from(robot_logs).where(eq(robot_logs.exec_id, 'exec-1')).orderBy(robot_logs.id);
    expect(stored.map((line) => [line.level, line.group_id, line.data])).toEqual([
      ['debug', groupIds.get('Vintage Film Camera Swap'), { page: 1 }],
      ['error', null, {}],
    ]);
    expect((await state()).body.robot_version).toBe('2.4.1');
  });

  it('refuses a NUL character anywhere in what the robot sends, naming where', async () => {
    const response = await ada('POST', '/robot/logs', {
      payload: { logs: [{ level: 'debug', message: 'fine', exec_id: 'exec-2', robot_version: '2.4.1', data: { nested: ['ok', 'bad\u0000'] } }] },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.details).toEqual({ field: 'logs[0].data.nested[1]', location: 'body', rule: 'nul_character' });
  });
});
