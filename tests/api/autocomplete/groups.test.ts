import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups, memberships } from '../../../server/db/schema';
import { databaseKinds } from '../../support/database';
import { createResponseValidator } from '../support/contract-schemas';
import { createRoleWorld, openRoleSession, type Role, type RoleWorld } from '../support/roles';
import { bearer } from '../support/sandbox-session';
import { createTestServer, type TestServer } from '../support/test-server';

const contract = createResponseValidator();

interface Match {
  id: number;
  name: string;
  avatar_url: string | null;
  description: string | null;
}

describe.each(databaseKinds())('finding groups for pickers on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    server = await createTestServer(kind);
    world = await createRoleWorld(server.db);
    const held = [
      ...Array.from({ length: 12 }, (_, index) => ({ fb_group_id: `83000${String(index).padStart(2, '0')}`, name: `Marlow Club ${String(index).padStart(2, '0')}` })),
      { fb_group_id: '8310001', fb_slug: 'MARLOW.friends', name: 'Quiet Corner', avatar_url: 'https://scontent.xx.fbcdn.net/quiet.jpg' },
      { fb_group_id: '8310002', name: 'Under_score 100%' },
    ];
    const notHeld = [
      // The groupAdmin's member is only a scanned admin here, or was removed: neither is theirs.
      { fb_group_id: '8320001', name: 'Marlow Admins Only' },
      { fb_group_id: '8320002', name: 'Marlow Removed' },
    ];
    const rows = await server.db.insert(groups).values([...held, ...notHeld]).returning({ id: groups.id, name: groups.name });
    for (const row of rows) ids[row.name] = row.id;
    await server.db.insert(memberships).values([
      ...held.map((group) => ({ group_id: ids[group.name]!, member_id: world.memberId, member_name: 'Test groupAdmin', role: 'admin' as const, is_admin_holder: true })),
      { group_id: ids['Marlow Admins Only']!, member_id: world.memberId, member_name: 'Test groupAdmin', role: 'admin' as const, is_admin_holder: false },
      { group_id: ids['Marlow Removed']!, member_id: world.memberId, member_name: 'Test groupAdmin', role: 'admin' as const, is_admin_holder: true, is_removed: true },
    ]);
  });
  afterAll(async () => server?.close());

  const find = async (query: string, role: Role = 'groupAdmin') => {
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/v1/autocomplete/groups?${query}`,
      headers: bearer((await openRoleSession(server.db, world, role))!),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(contract.validate('/autocomplete/groups', 'GET', 200, response.json())).toBeUndefined();
    return response.json().matches as Match[];
  };
  const names = (matches: Match[]) => matches.map((match) => match.name);

  it('matches the names of the caller’s groups case-insensitively, at most 10, by name', async () => {
    const matches = await find('search=mARLOW');
    expect(names(matches)).toEqual(Array.from({ length: 10 }, (_, index) => `Marlow Club ${String(index).padStart(2, '0')}`));
    expect(matches[0]).toEqual({ id: ids['Marlow Club 00'], name: 'Marlow Club 00', avatar_url: null, description: '8300000' });
  });

  it('matches fb_group_id and fb_slug too, and describes a group by its fb_group_id', async () => {
    expect(await find('search=8310001')).toEqual([
      { id: ids['Quiet Corner'], name: 'Quiet Corner', avatar_url: 'https://scontent.xx.fbcdn.net/quiet.jpg', description: '8310001' },
    ]);
    expect(names(await find('search=marlow.FRIENDS'))).toEqual(['Quiet Corner']);
    expect(names(await find('search=the-group'))).toEqual(['The Group']);
  });

  it('takes % and _ as text, not wildcards', async () => {
    expect(names(await find('search=100%25'))).toEqual(['Under_score 100%']);
    expect(await find('search=d_r')).toEqual([]);
  });

  it('lists every group the caller holds without a search, and none they only belong to', async () => {
    const all = names(await find(''));
    expect(all).toHaveLength(10);
    expect(names(await find('search=Marlow', 'otherGroupAdmin'))).toEqual([]);
    expect(names(await find('', 'otherGroupAdmin'))).toEqual(['Another Group']);
    expect(await find('', 'subscriber')).toEqual([]);
  });

  it('resolves group_id and ids only among the caller’s groups, a group of someone else like one that does not exist', async () => {
    expect(names(await find(`group_id=${ids['Quiet Corner']}`))).toEqual(['Quiet Corner']);
    for (const foreign of [world.otherGroup.id, ids['Marlow Admins Only'], ids['Marlow Removed'], 2147483647]) {
      expect(await find(`group_id=${foreign}`)).toEqual([]);
    }
    const resolved = await find(`ids=${ids['Quiet Corner']}|${world.otherGroup.id}|${world.group.id}|${ids['Marlow Removed']}`);
    expect(names(resolved)).toEqual(['Quiet Corner', 'The Group']);
    expect(names(await find(`group_id=${world.group.id}&search=quiet`))).toEqual([]);
  });

  it('lets a supervisor find any group', async () => {
    expect(names(await find('search=Marlow R', 'supervisor'))).toEqual(['Marlow Removed']);
    expect(names(await find(`group_id=${world.otherGroup.id}`, 'supervisor'))).toEqual(['Another Group']);
    expect(names(await find(`ids=${ids['Marlow Admins Only']}|${world.group.id}`, 'supervisor'))).toEqual(['Marlow Admins Only', 'The Group']);
  });

  it('refuses a search over 200 characters or holding a NUL character, and a bad group_id, with 400 naming it', async () => {
    const token = (await openRoleSession(server.db, world, 'groupAdmin'))!;
    for (const [query, field] of [
      [`search=${'a'.repeat(201)}`, 'search'],
      ['search=mar%00low', 'search'],
      ['group_id=abc', 'group_id'],
      ['group_id=0', 'group_id'],
      ['ids=1|x', 'ids'],
      ['owner=1', 'owner'],
    ]) {
      const response = await server.app.inject({ method: 'GET', url: `/api/v1/autocomplete/groups?${query}`, headers: bearer(token) });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.details.field, query).toContain(field);
    }
  });
});
