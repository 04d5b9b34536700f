import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit_logs } from '../../../server/db/schema';
import { databaseKinds } from '../../support/database';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { createTestServer, type TestServer } from '../support/test-server';
import { callAs } from './supervisor-calls';

interface AuditBody {
  kind: string;
  created_at: string;
  group_id: number | null;
  user_id: number | null;
  member_id: number | null;
  data: Record<string, unknown>;
}

const hoursAfter = (moment: string, hours: number) => new Date(Date.parse(moment) + hours * 3_600_000);

describe.each(databaseKinds())('the supervisor audit log on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;

  beforeAll(async () => {
    server = await createTestServer(kind);
    world = await createRoleWorld(server.db);
    await server.db.insert(audit_logs).values([
      // 35 sign-ins an hour apart from March 1st: 24 that day, 11 on March 2nd.
      ...Array.from({ length: 35 }, (_, i) => ({ kind: 'sign_in', user_id: world.userIds.groupAdmin, data: { ip: '10.0.0.1' }, created_at: hoursAfter('2026-03-01T00:00:00Z', i) })),
      ...Array.from({ length: 3 }, (_, i) => ({
        kind: 'settings_updated',
        group_id: world.group.id,
        user_id: world.userIds.groupAdmin,
        member_id: world.memberId,
        data: { diff: { engagement_sync_days_back: [10, 20 + i] } },
        created_at: hoursAfter('2026-02-15T00:00:00Z', i),
      })),
      ...Array.from({ length: 2 }, (_, i) => ({ kind: 'members_removed', group_id: world.otherGroup.id, user_id: world.userIds.otherGroupAdmin, created_at: hoursAfter('2026-03-05T08:00:00Z', i) })),
      {
        kind: 'supervisor_edit',
        group_id: world.group.id,
        user_id: world.userIds.supervisor,
        data: { ip: '10.0.0.9', diff: { name: ['Old', 'New'] }, target_user_id: 7 },
        created_at: new Date('2026-03-09T12:00:00Z'),
      },
    ]);
  });
  afterAll(async () => server?.close());

  const page = async (query = '') =>
    (await callAs(server, world.tokens.supervisor!, { path: '/supervisor/audit_logs', query })) as { audit_logs: AuditBody[]; count: number; kinds: string[] };

  it('answers 30 a page across every group, newest first, with the kinds that occur', async () => {
    const first = await page();
    expect(first.count).toBe(41);
    expect(first.audit_logs).toHaveLength(30);
    const times = first.audit_logs.map((log) => Date.parse(log.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(first.audit_logs[0]).toMatchObject({ kind: 'supervisor_edit', user_id: world.userIds.supervisor, group_id: world.group.id, data: { ip: '10.0.0.9', diff: { name: ['Old', 'New'] } } });
    expect(first.audit_logs[0]!.data).toEqual({ ip: '10.0.0.9', diff: { name: ['Old', 'New'] } });
    expect(first.kinds).toEqual(['members_removed', 'settings_updated', 'sign_in', 'supervisor_edit']);
    expect((await page('page=2')).audit_logs).toHaveLength(11);
    expect((await page('per_page=100')).audit_logs).toHaveLength(41);
  });

  it('filters by kinds (pipe-delimited), group, user and member; the kinds offered are those of the group and user asked', async () => {
    expect((await page('kind=members_removed|settings_updated')).count).toBe(5);
    expect((await page('kind=lab_action')).count).toBe(0);
    const ofGroup = await page(`group_id=${world.group.id}`);
    expect(ofGroup.count).toBe(4);
    expect(ofGroup.kinds).toEqual(['settings_updated', 'supervisor_edit']);
    const ofUser = await page(`user_id=${world.userIds.otherGroupAdmin}`);
    expect(ofUser.audit_logs.map((log) => log.kind)).toEqual(['members_removed', 'members_removed']);
    expect(ofUser.kinds).toEqual(['members_removed']);
    const ofMember = await page(`member_id=${world.memberId}`);
    expect(ofMember.count).toBe(3);
    expect(ofMember.audit_logs.every((log) => log.member_id === world.memberId)).toBe(true);
  });

  it('from and to are UTC days, both included; from after to is 400', async () => {
    expect((await page('from=2026-03-02&to=2026-03-05')).count).toBe(13);
    expect((await page('from=2026-03-05')).count).toBe(3);
    expect((await page('to=2026-02-28')).count).toBe(3);
    expect((await page('from=0000-01-01')).count).toBe(41);
    expect((await page('to=0000-12-31')).count).toBe(0);
    const refused = await callAs(server, world.tokens.supervisor!, { path: '/supervisor/audit_logs', query: 'from=2026-03-06&to=2026-03-05' }, 400);
    expect(refused.error.details.field).toBe('from');
  });

  it('sorts by kind or by time in either direction', async () => {
    expect((await page('sort_by=kind&sort_direction=asc')).audit_logs[0]!.kind).toBe('members_removed');
    expect((await page('sort_by=kind')).audit_logs[0]!.kind).toBe('supervisor_edit');
    const oldest = await page('sort_direction=asc&per_page=1');
    expect(oldest.audit_logs[0]).toMatchObject({ kind: 'settings_updated', created_at: '2026-02-15T00:00:00.000Z' });
  });
});
