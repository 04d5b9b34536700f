import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit_logs } from '../../../server/db/schema';
import { databaseKinds } from '../../support/database';
import { createResponseValidator } from '../support/contract-schemas';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { bearer } from '../support/sandbox-session';
import { createTestServer, type TestServer } from '../support/test-server';

const contract = createResponseValidator();

describe.each(databaseKinds())('a group\'s audit logs on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  beforeAll(async () => {
    server = await createTestServer(kind);
    world = await createRoleWorld(server.db);
    const base = Date.parse('2026-01-01T00:00:00Z');
    await server.db.insert(audit_logs).values([
      ...Array.from({ length: 40 }, (_, i) => ({
        group_id: world.group.id,
        user_id: world.userIds.groupAdmin,
        kind: i % 2 === 0 ? 'members_whitelisted' : 'settings_updated',
        member_id: i % 2 === 0 ? world.memberId : null,
        data: { ip: '127.0.0.1', note: 'not in the contract' },
        created_at: new Date(base + i * 60_000),
      })),
      { group_id: world.otherGroup.id, kind: 'members_removed', data: {}, created_at: new Date(base) },
    ]);
  });
  afterAll(async () => server?.close());

  const list = async (query: string) => {
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/v1/groups/${world.group.id}/audit_logs?${query}`,
      headers: bearer(world.tokens.groupAdmin!),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(contract.validate('/groups/{id}/audit_logs', 'GET', 200, response.json())).toBeUndefined();
    return response.json() as {
      audit_logs: { id: number; kind: string; member_id: number | null; created_at: string; data: object; member?: { id: number } | null }[];
      count: number;
      kinds: string[];
    };
  };

  it('answers 30 a page, newest first, with the kinds that occur in the group', async () => {
    const page = await list('');
    expect(page.count).toBe(40);
    expect(page.audit_logs).toHaveLength(30);
    expect(page.kinds).toEqual(['members_whitelisted', 'settings_updated']);
    const times = page.audit_logs.map((log) => Date.parse(log.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(page.audit_logs[0]!.data).toEqual({ ip: '127.0.0.1' });
    expect((await list('page=2')).audit_logs).toHaveLength(10);
  });

  it('filters by member and by kinds', async () => {
    const ofMember = await list(`member_id=${world.memberId}`);
    expect(ofMember.count).toBe(20);
    expect(ofMember.audit_logs.every((log) => log.member_id === world.memberId && log.member?.id === world.memberId)).toBe(true);
    const ofKind = await list('kind=settings_updated');
    expect(ofKind.count).toBe(20);
    expect(ofKind.audit_logs.every((log) => log.kind === 'settings_updated' && log.member === null)).toBe(true);
    expect((await list('kind=settings_updated|members_whitelisted')).count).toBe(40);
    expect((await list('kind=members_removed')).count).toBe(0);
  });
});
