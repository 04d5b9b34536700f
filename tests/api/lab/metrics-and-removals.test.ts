import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daily_metrics } from '../../../server/db/schema';
import { databaseKinds } from '../../support/database';
import { apiAs } from '../support/robot-client';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { dataDigests } from '../support/table-counts';
import { createTestServer, type TestServer } from '../support/test-server';
import { labAudits, labCaller, labGroup, NOW, type LabGroup } from './lab-world';

describe.each(databaseKinds())('the lab on metrics and removals on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  let lab: ReturnType<typeof labCaller>;
  beforeAll(async () => {
    server = await createTestServer(kind, {}, { now: () => NOW });
    world = await createRoleWorld(server.db);
    lab = labCaller(server.app, world.tokens.supervisor!);
  });
  afterAll(async () => server?.close());

  const metricsOf = (groupId: number) => server.db.select().from(daily_metrics).where(eq(daily_metrics.group_id, groupId)).orderBy(asc(daily_metrics.day));
  /** The activities chart from 1 to 11 March: each day's posts, reactions and comments that have any. */
  const activeDays = async ({ groupId, admin }: LabGroup) => {
    const url = `/groups/${groupId}/charts/activities`;
    const { datasets } = (await apiAs(server.app, admin.token)('GET', '/groups/{id}/charts/{kind}', { url, query: { from: '2026-03-01', to: '2026-03-11' } })).body;
    return Object.fromEntries(
      datasets.map((dataset: { name: string; points: Array<{ x: string; y: number }> }) => [dataset.name, dataset.points.filter((point) => point.y > 0).map((point) => point.x)]),
    );
  };

  it('fakes 7 days of metrics ending today, which the dashboard chart shows; the lists trend up to their current sizes', async () => {
    const group = await labGroup(server.db);
    await lab('fake_members', { group_id: group.groupId, count: 600 });
    const idle = await activeDays(group);
    expect(Object.values(idle).flat()).toEqual([]);

    const faked = await lab('fake_metrics', { group_id: group.groupId, days: 7 });
    expect(faked.body.result).toEqual({ from: '2026-03-05', to: '2026-03-11' });
    const rows = await metricsOf(group.groupId);
    expect(rows.map((row) => row.day)).toEqual(['2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10', '2026-03-11']);
    expect(rows.at(-1)).toMatchObject({ active: 0, inactive: 601, whitelisted: 0, removed: 0 });
    const inactive = rows.map((row) => row.inactive);
    expect(inactive).toEqual([...inactive].sort((a, b) => a - b));
    expect(inactive[0]).toBeLessThan(inactive.at(-1)! * 0.6);

    // Today is still under way: the chart shows the six days before it, each with activity.
    const days = ['2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10'];
    expect(await activeDays(group)).toEqual({ posts: days, reactions: days, comments: days });
    expect((await labAudits(server.db)).at(-1)).toMatchObject({
      user_id: world.userIds.supervisor,
      group_id: group.groupId,
      data: { action: 'fake_metrics', days: 7, reverse: false, diff: { daily_metrics: [0, 7] } },
    });
  });

  it('trends down with reverse', async () => {
    const group = await labGroup(server.db);
    await lab('fake_members', { group_id: group.groupId, count: 600 });
    await lab('fake_metrics', { group_id: group.groupId, days: 14, reverse: true });
    const inactive = (await metricsOf(group.groupId)).map((row) => row.inactive);
    expect(inactive).toHaveLength(14);
    expect(inactive).toEqual([...inactive].sort((a, b) => b - a));
    expect(inactive[0]).toBeGreaterThan(inactive.at(-1)! * 1.4);
  });

  it('writes 3, 7, 14, 30 or 60 days, 14 by default, each day once; and removes them', async () => {
    const group = await labGroup(server.db);
    for (const days of [3, 7, 30]) {
      await lab('fake_metrics', { group_id: group.groupId, days });
      expect(await metricsOf(group.groupId)).toHaveLength(days);
    }
    await lab('fake_metrics', { group_id: group.groupId });
    expect(await metricsOf(group.groupId)).toHaveLength(30);
    await lab('fake_metrics', { group_id: group.groupId, days: 60 });
    const rows = await metricsOf(group.groupId);
    expect([rows.length, rows[0]!.day, rows.at(-1)!.day]).toEqual([60, '2026-01-11', '2026-03-11']);
    expect((await lab('fake_metrics', { group_id: group.groupId, days: 5 })).status).toBe(400);

    expect((await lab('remove_metrics', { group_id: group.groupId })).body.result).toEqual({ removed: 60 });
    expect(await metricsOf(group.groupId)).toEqual([]);
    expect(Object.values(await activeDays(group)).flat()).toEqual([]);
  });

  const limitsOf = async ({ groupId, admin }: LabGroup) =>
    (await apiAs(server.app, admin.token)('GET', '/groups/{id}', { url: `/groups/${groupId}` })).body.group.removal_limits;

  it('spends removals today, this week or before it, which the removal limits count, and resets them', async () => {
    const group = await labGroup(server.db, { plan: 'free' });
    const spend = (count: number, period: string) => lab('members_removal', { group_id: group.groupId, count, period });

    expect((await spend(30, 'day')).body.result).toEqual({ removals: { today: 30, this_week: 30, total: 30 } });
    expect(await limitsOf(group)).toMatchObject({ daily: { spent: 30, left: 70 }, weekly: { spent: 30, left: 470 }, free: { spent: 30, left: 0 } });
    expect((await spend(200, 'week')).body.result).toEqual({ removals: { today: 30, this_week: 230, total: 230 } });
    expect((await spend(1000, 'before_week')).body.result).toEqual({ removals: { today: 30, this_week: 230, total: 1230 } });
    expect(await limitsOf(group)).toMatchObject({ daily: { spent: 30 }, weekly: { spent: 230, left: 270 }, free: { spent: 1230, left: 0 } });
    expect((await labAudits(server.db)).at(-1)).toMatchObject({
      user_id: world.userIds.supervisor,
      group_id: group.groupId,
      data: { action: 'members_removal', diff: { removals_total: [230, 1230] } },
    });

    expect((await lab('members_removal_reset', { group_id: group.groupId })).body.result).toEqual({ removals: { today: 0, this_week: 0, total: 0 } });
    expect(await limitsOf(group)).toMatchObject({ current: { left: 10 }, daily: { spent: 0, left: 100 }, weekly: { spent: 0, left: 500 }, free: { spent: 0, left: 10 } });
    expect((await labAudits(server.db)).at(-1)).toMatchObject({
      data: { action: 'members_removal_reset', diff: { removals_today: [30, 0], removals_this_week: [230, 0], removals_total: [1230, 0] } },
    });
  });

  it('answers 404 for a group that does not exist, and writes nothing', async () => {
    const before = await dataDigests(server.db);
    for (const [name, body] of [
      ['fake_metrics', {}],
      ['remove_metrics', {}],
      ['members_removal', { count: 1, period: 'day' }],
      ['members_removal_reset', {}],
    ] as const) {
      expect((await lab(name, { group_id: 2147483647, ...body })).status, name).toBe(404);
    }
    expect(await dataDigests(server.db)).toEqual(before);
  });
});
