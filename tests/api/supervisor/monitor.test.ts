import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  audit_logs,
  daily_metrics,
  engagements,
  groups,
  members,
  posts,
  robot_job_batches,
  robot_jobs,
  robot_logs,
  tasks,
  users,
} from '../../../server/db/schema';
import { databaseKinds } from '../../support/database';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { createTestServer, type TestServer } from '../support/test-server';
import { callAs } from './supervisor-calls';

const NOW = new Date('2026-03-10T12:00:00Z');
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);
const at = (moment: string) => new Date(moment);

describe.each(databaseKinds())('the supervisor monitor on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;

  beforeAll(async () => {
    server = await createTestServer(kind, {}, { now: () => NOW });
    world = await createRoleWorld(server.db);
    const db = server.db;
    // The role world's 5 users and 2 groups (annual, monthly) date from January; 2 users and 2 groups come later.
    await db.update(users).set({ created_at: at('2026-01-01T00:00:00Z') });
    await db.update(groups).set({ created_at: at('2026-01-01T00:00:00Z') });
    await db.insert(users).values([
      { name: 'March First', created_at: at('2026-03-01T10:00:00Z') },
      { name: 'Late Ninth', created_at: at('2026-03-09T23:59:59Z') },
    ]);
    await db.insert(groups).values([
      { fb_group_id: '8500001', name: 'Free Fifth', created_at: at('2026-03-05T09:00:00Z') },
      { fb_group_id: '8500002', name: 'Lifetime Tenth', subscribed_plan: 'once', created_at: at('2026-03-10T08:00:00Z') },
    ]);
    const [member] = await db.select({ id: members.id }).from(members).limit(1);
    const madePosts = await db
      .insert(posts)
      .values([1, 2, 3].map((n) => ({ group_id: world.group.id, member_id: member!.id, fb_post_id: String(n), posted_at: ago(60 * n) })))
      .returning({ id: posts.id });
    await db.insert(engagements).values(
      (['reaction', 'reaction', 'comment', 'share'] as const).map((engagement, n) => ({
        post_id: madePosts[0]!.id,
        group_id: world.group.id,
        member_id: member!.id,
        kind: engagement,
        fb_engagement_id: `e${n}`,
      })),
    );
    await db.insert(robot_logs).values([
      { level: 'error', message: 'Timeout', created_at: ago(30) },
      { level: 'error', message: 'Timeout', created_at: ago(120) },
      { level: 'warning', message: 'Slow', created_at: ago(10) },
      { level: 'error', message: 'Timeout', created_at: at('2026-03-05T10:00:00Z') },
      { level: 'debug', message: 'Opened', created_at: at('2026-03-05T10:00:00Z') },
      { level: 'error', message: 'Too old for the history', created_at: at('2026-02-24T23:00:00Z') },
    ]);
    const jobs = await db
      .insert(robot_jobs)
      .values([
        { group_id: world.group.id, name: 'fetch_group_members', status: 'running', started_at: ago(30), last_activity_at: ago(1) },
        { group_id: world.group.id, name: 'fetch_group_posts', status: 'running', started_at: ago(90), last_activity_at: ago(60) },
        { group_id: world.group.id, name: 'fetch_group_members', status: 'completed', started_at: ago(600), finished_at: ago(590) },
        { group_id: world.otherGroup.id, name: 'fetch_group_members', status: 'failed', started_at: ago(600), finished_at: ago(590) },
        { group_id: world.otherGroup.id, name: 'remove_group_members', status: 'stopped', started_at: ago(600), finished_at: ago(590) },
      ])
      .returning({ id: robot_jobs.id });
    await db.insert(robot_job_batches).values([
      { job_id: jobs[0]!.id, batch_no: 1, kind: 'members', accepted: 100, created_at: ago(20) },
      { job_id: jobs[2]!.id, batch_no: 1, kind: 'members', accepted: 50, created_at: ago(120) },
      { job_id: jobs[1]!.id, batch_no: 1, kind: 'posts', accepted: 30, created_at: ago(5) },
      { job_id: jobs[3]!.id, batch_no: 1, kind: 'members', accepted: 70, created_at: at('2026-03-05T10:00:00Z') },
    ]);
    await db.insert(tasks).values(
      (['pending', 'pending', 'running', 'completed', 'failed'] as const).map((status) => ({ kind: 'match_customers', group_id: world.group.id, status })),
    );
    await db.insert(audit_logs).values([
      { kind: 'sign_in', user_id: world.userIds.groupAdmin },
      { kind: 'sign_out', user_id: world.userIds.groupAdmin },
      { kind: 'settings_updated', group_id: world.group.id },
    ]);
    await db.insert(daily_metrics).values([
      { group_id: world.group.id, day: '2026-03-09', active: 10, inactive: 4, whitelisted: 2, removed: 1, posts: 2, reactions: 7, comments: 3 },
      { group_id: world.otherGroup.id, day: '2026-03-09', active: 5, inactive: 1, whitelisted: 0, removed: 3, posts: 1, reactions: 1, comments: 0 },
      { group_id: world.group.id, day: '2026-02-20', active: 99, posts: 99 },
    ]);
  });
  afterAll(async () => server?.close());

  it('counts every kind of record, groups by plan, tasks and robot jobs by status', async () => {
    const monitor = await callAs(server, world.tokens.supervisor!, { path: '/supervisor/monitor' });
    expect(monitor.counts).toEqual({
      users: 7,
      groups: 4,
      members: 5,
      memberships: 4,
      posts: 3,
      comments: 1,
      reactions: 2,
      robot_logs: 6,
      audit_logs: 3,
    });
    expect(monitor.groups_by_plan).toEqual({ free: 1, monthly: 1, annual: 1, once: 1 });
    expect(monitor.tasks).toEqual({ pending: 2, running: 1, completed: 1, failed: 1 });
    // The posts scan the robot stopped reporting on an hour ago has been abandoned: it counts as failed.
    expect(monitor.jobs).toEqual({ pending: 0, running: 1, completed: 1, failed: 2, stopped: 1 });
    expect(monitor.db_size_bytes).toBeGreaterThan(0);
    expect(monitor.generated_at).toBe(NOW.toISOString());
  });

  it('robot errors and members reported in the last hour', async () => {
    const monitor = await callAs(server, world.tokens.supervisor!, { path: '/supervisor/monitor' });
    expect(monitor.robot_errors_last_hour).toBe(1);
    expect(monitor.members_ingested_last_hour).toBe(100);
  });

  it('the last 14 days oldest first: users and groups at each day’s end, members reported and robot errors that day, and the metrics’ daily totals', async () => {
    const monitor = await callAs(server, world.tokens.supervisor!, { path: '/supervisor/monitor' });
    const history = monitor.history as Array<{ date: string; users: number; groups: number; members_ingested: number; robot_errors: number }>;
    expect(history.map((day) => day.date)).toEqual(Array.from({ length: 14 }, (_, i) => new Date(Date.UTC(2026, 1, 25 + i)).toISOString().slice(0, 10)));
    const on = (date: string) => history.find((day) => day.date === date);
    expect(on('2026-02-25')).toEqual({ date: '2026-02-25', users: 5, groups: 2, members_ingested: 0, robot_errors: 0 });
    expect(on('2026-03-01')).toEqual({ date: '2026-03-01', users: 6, groups: 2, members_ingested: 0, robot_errors: 0 });
    expect(on('2026-03-05')).toEqual({ date: '2026-03-05', users: 6, groups: 3, members_ingested: 70, robot_errors: 1 });
    expect(on('2026-03-09')).toEqual({ date: '2026-03-09', users: 7, groups: 3, members_ingested: 0, robot_errors: 0 });
    expect(on('2026-03-10')).toEqual({ date: '2026-03-10', users: 7, groups: 4, members_ingested: 150, robot_errors: 2 });
    expect(monitor.metrics).toEqual([
      {
        date: '2026-03-09',
        group_id: null,
        members_active: 15,
        members_inactive: 5,
        members_whitelisted: 2,
        members_removed: 4,
        posts: 3,
        reactions: 8,
        comments: 3,
      },
    ]);
  });
});
