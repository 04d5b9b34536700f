import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, robot_logs } from '../../../server/db/schema';
import { databaseKinds } from '../../support/database';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { createTestServer, type TestServer } from '../support/test-server';
import { callAs } from './supervisor-calls';

const NOW = new Date('2026-03-10T12:00:00Z');

interface LineBody {
  level: string;
  message: string;
  exec_id: string;
  robot_version: string;
  group_id: number | null;
  user_id: number | null;
  created_at: string;
}

describe.each(databaseKinds())('the supervisor robot logs on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  let token: string;

  beforeAll(async () => {
    server = await createTestServer(kind, {}, { now: () => NOW });
    world = await createRoleWorld(server.db);
    token = world.tokens.supervisor!;
    const a = { exec_id: 'exec-a', robot_version: '1.2.0', user_id: world.userIds.groupAdmin, group_id: world.group.id };
    const b = { exec_id: 'exec-b', robot_version: '1.3.0', user_id: world.userIds.otherGroupAdmin, group_id: world.otherGroup.id };
    const c = { exec_id: 'exec-c', robot_version: '1.3.0', user_id: world.userIds.groupAdmin, group_id: null };
    await server.db.insert(robot_logs).values([
      { ...a, level: 'info', message: 'Members scan started', created_at: new Date('2026-03-08T09:59:00Z') },
      { ...a, level: 'error', message: 'Timeout opening post', created_at: new Date('2026-03-08T10:00:00Z') },
      { ...a, level: 'warning', message: 'Rate limited', created_at: new Date('2026-03-08T10:05:00Z') },
      { ...a, level: 'debug', message: 'Opened page', created_at: new Date('2026-03-08T10:06:00Z') },
      { ...b, level: 'error', message: 'Timeout opening post', created_at: new Date('2026-03-09T10:00:00Z') },
      { ...b, level: 'debug', message: 'Opened page', created_at: new Date('2026-03-09T10:01:00Z') },
      { ...b, level: 'error', message: 'Timeout opening post', created_at: new Date('2026-03-09T11:00:00Z') },
      { ...c, level: 'warning', message: 'Groups scan slow', created_at: new Date('2026-03-01T00:00:00Z') },
      { ...c, level: 'error', message: 'Ancient', created_at: new Date('2026-01-01T00:00:00Z') },
    ]);
  });
  afterAll(async () => server?.close());

  const browse = async (query = '') =>
    (await callAs(server, token, { path: '/supervisor/robot_logs', query })) as {
      robot_logs: LineBody[];
      groups: Array<Record<string, unknown>>;
      count: number;
    };
  const messages = async (query = '') => (await browse(query)).robot_logs.map((line) => line.message);
  const chart = async (query = '') =>
    (await callAs(server, token, { path: '/supervisor/robot_logs/chart', query })) as {
      from: string;
      to: string;
      datasets: Array<{ name: string; points: Array<{ x: string; y: number }> }>;
    };

  describe('GET /supervisor/robot_logs', () => {
    it('answers 25 lines a page, newest first; the sandbox history’s info lines read as debug', async () => {
      const page = await browse();
      expect(page.count).toBe(9);
      expect(page.groups).toEqual([]);
      expect(page.robot_logs[0]).toMatchObject({
        level: 'error',
        message: 'Timeout opening post',
        exec_id: 'exec-b',
        robot_version: '1.3.0',
        group_id: world.otherGroup.id,
        user_id: world.userIds.otherGroupAdmin,
        created_at: '2026-03-09T11:00:00.000Z',
      });
      expect(page.robot_logs.find((line) => line.message === 'Members scan started')!.level).toBe('debug');
      expect((await browse('per_page=4&page=3')).robot_logs.map((line) => line.message)).toEqual(['Ancient']);
    });

    it('filters by level, group, the member’s user, robot versions (pipe-delimited), message, execution and days', async () => {
      expect((await browse('level=error')).count).toBe(4);
      expect(await messages('level=warning')).toEqual(['Rate limited', 'Groups scan slow']);
      expect(await messages('level=debug')).toEqual(['Opened page', 'Opened page', 'Members scan started']);
      expect((await browse('level=all')).count).toBe(9);
      expect((await browse(`group_id=${world.group.id}`)).count).toBe(4);
      expect((await browse(`member_id=${world.memberId}`)).count).toBe(6);
      const [loner] = await server.db.insert(members).values({ fb_user_id: '9600001', name: 'No User' }).returning({ id: members.id });
      expect((await browse(`member_id=${loner!.id}`)).count).toBe(0);
      expect((await browse('robot_version=1.3.0')).count).toBe(5);
      expect((await browse('robot_version=1.2.0|1.3.0')).count).toBe(9);
      expect(await messages('message=TIMEOUT')).toEqual(['Timeout opening post', 'Timeout opening post', 'Timeout opening post']);
      expect((await browse('exec_id=exec-a')).count).toBe(4);
      expect((await browse('from=2026-03-09')).count).toBe(3);
      expect((await browse('to=2026-03-08')).count).toBe(6);
      expect((await browse('from=2026-03-08&to=2026-03-08')).count).toBe(4);
      await callAs(server, token, { path: '/supervisor/robot_logs', query: 'from=2026-03-09&to=2026-03-08' }, 400);
      await callAs(server, token, { path: '/supervisor/robot_logs', query: 'robot_version=1.x' }, 400);
    });

    it('orders by time, level (errors first going down), version or message', async () => {
      expect((await messages('order=asc'))[0]).toBe('Ancient');
      const bySeverity = (await browse('order_by=level')).robot_logs.map((line) => line.level);
      expect(bySeverity).toEqual(['error', 'error', 'error', 'error', 'warning', 'warning', 'debug', 'debug', 'debug']);
      expect((await messages('order_by=message&order=asc'))[0]).toBe('Ancient');
      expect((await browse('order_by=robot_version&order=asc')).robot_logs[0]!.robot_version).toBe('1.2.0');
    });

    it('group_by gives one row per combination of its keys (only those keys), with its count and latest line, paged instead of the lines', async () => {
      const byVersion = await browse('group_by=robot_version');
      expect(byVersion.robot_logs).toEqual([]);
      expect(byVersion.count).toBe(2);
      expect(byVersion.groups).toEqual([
        { robot_version: '1.3.0', count: 5, last_at: '2026-03-09T11:00:00.000Z' },
        { robot_version: '1.2.0', count: 4, last_at: '2026-03-08T10:06:00.000Z' },
      ]);
      const byUserAndGroup = await browse('group_by=user_id|group_id&order_by=level');
      expect(byUserAndGroup.count).toBe(3);
      expect(byUserAndGroup.groups[0]).toEqual({ user_id: world.userIds.groupAdmin, group_id: world.group.id, count: 4, last_at: '2026-03-08T10:06:00.000Z' });
      expect(byUserAndGroup.groups.map((group) => group.count)).toEqual([4, 3, 2]);
      const versionsUp = await browse('group_by=robot_version&order_by=robot_version&order=asc');
      expect(versionsUp.groups.map((group) => group.robot_version)).toEqual(['1.2.0', '1.3.0']);
      expect((await browse('group_by=group_id&level=error&per_page=1&page=3')).groups).toEqual([
        { group_id: null, count: 1, last_at: '2026-01-01T00:00:00.000Z' },
      ]);
    });
  });

  describe('GET /supervisor/robot_logs/chart', () => {
    it('draws lines per day of the last 30 days, one series per message, the busiest first', async () => {
      const drawn = await chart();
      expect(drawn.from).toBe('2026-02-09');
      expect(drawn.to).toBe('2026-03-10');
      expect(drawn.datasets.map((dataset) => dataset.name)).toEqual(['Timeout opening post', 'Opened page', 'Groups scan slow', 'Members scan started', 'Rate limited']);
      const timeouts = drawn.datasets[0]!.points;
      expect(timeouts).toHaveLength(30);
      expect(timeouts[0]).toEqual({ x: '2026-02-09', y: 0 });
      expect(timeouts.filter((point) => point.y > 0)).toEqual([
        { x: '2026-03-08', y: 1 },
        { x: '2026-03-09', y: 2 },
      ]);
    });

    it('series per group or per user, with the same filters as the browse', async () => {
      const byGroup = await chart('chart_variant=groups');
      expect(byGroup.datasets.map((dataset) => [dataset.name, dataset.points.reduce((sum, point) => sum + point.y, 0)])).toEqual([
        ['The Group', 4],
        ['Another Group', 3],
        ['No group', 1],
      ]);
      const byUser = await chart('chart_variant=users');
      expect(byUser.datasets.map((dataset) => dataset.name)).toEqual(['Test groupAdmin', 'Test otherGroupAdmin']);
      expect((await chart('chart_variant=groups&level=error')).datasets.map((dataset) => dataset.name)).toEqual(['Another Group', 'The Group']);
      const january = await chart('from=2026-01-01&to=2026-01-01');
      expect(january.datasets).toEqual([{ name: 'Ancient', points: [{ x: '2026-01-01', y: 1 }] }]);
    });

    it('refuses from after to, or more than 3660 days', async () => {
      await callAs(server, token, { path: '/supervisor/robot_logs/chart', query: 'from=2026-03-10&to=2026-03-09' }, 400);
      await callAs(server, token, { path: '/supervisor/robot_logs/chart', query: 'from=2000-01-01&to=2026-03-09' }, 400);
      expect((await chart('from=2016-03-13&to=2026-03-09')).datasets[0]!.points).toHaveLength(3649);
    });

    it('draws the ten messages with the most lines', async () => {
      await server.db.insert(robot_logs).values(
        Array.from({ length: 12 }, (_, i) =>
          Array.from({ length: i + 1 }, () => ({ level: 'debug' as const, message: `Step ${String(i + 1).padStart(2, '0')}`, exec_id: 'exec-many', created_at: new Date('2026-03-02T00:00:00Z') })),
        ).flat(),
      );
      const drawn = await chart('exec_id=exec-many');
      expect(drawn.datasets.map((dataset) => dataset.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Step ${String(12 - i).padStart(2, '0')}`));
    });
  });
});
