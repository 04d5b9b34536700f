import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, memberships } from '../../../server/db/schema';
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

describe.each(databaseKinds())('finding members for pickers on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    server = await createTestServer(kind);
    world = await createRoleWorld(server.db);
    const people = [
      ...Array.from({ length: 13 }, (_, index) => ({ fb_user_id: `74000${String(index).padStart(2, '0')}`, name: `Ann Marlow ${index}` })),
      { fb_user_id: '7410001', name: 'Marlowe Prefix', fb_username: 'mp.one' },
      { fb_user_id: '7410002', name: 'Quiet Person', fb_username: 'MARLOW.fan' },
      { fb_user_id: '7410003', name: 'Under_score 100%' },
      { fb_user_id: '7410004', name: 'Elsewhere Marlow' },
    ];
    const rows = await server.db.insert(members).values(people).returning({ id: members.id, name: members.name });
    for (const row of rows) ids[row.name] = row.id;
    await server.db.insert(memberships).values(
      rows
        .filter((row) => row.name !== 'Elsewhere Marlow')
        .map((row) => ({ group_id: world.group.id, member_id: row.id, member_name: row.name })),
    );
    await server.db.insert(memberships).values({ group_id: world.otherGroup.id, member_id: ids['Elsewhere Marlow']!, member_name: 'Elsewhere Marlow' });
  });
  afterAll(async () => server?.close());

  const ask = async (role: Role, query: string) =>
    server.app.inject({ method: 'GET', url: `/api/v1/autocomplete/members?${query}`, headers: bearer((await openRoleSession(server.db, world, role))!) });

  const find = async (query: string, role: Role = 'groupAdmin') => {
    const response = await ask(role, query);
    expect(response.statusCode, response.body).toBe(200);
    expect(contract.validate('/autocomplete/members', 'GET', 200, response.json())).toBeUndefined();
    return response.json().matches as Match[];
  };

  // By name alone every "Ann Marlow" would come before "Marlowe Prefix".
  it('matches names case-insensitively, at most 10, names that start with the text first', async () => {
    const matches = await find(`group_id=${world.group.id}&search=marlow`);
    expect(matches).toHaveLength(10);
    expect(matches[0]).toMatchObject({ id: ids['Marlowe Prefix'], name: 'Marlowe Prefix', description: '7410001' });
    const rest = matches.slice(1).map((match) => match.name);
    expect(rest).toEqual([...rest].sort());
    expect(matches.map((match) => match.name)).not.toContain('Elsewhere Marlow');
  });

  it('matches fb_user_id and fb_username too', async () => {
    expect((await find(`group_id=${world.group.id}&search=7410002`)).map((match) => match.name)).toEqual(['Quiet Person']);
    expect((await find(`group_id=${world.group.id}&search=marlow.FAN`)).map((match) => match.name)).toEqual(['Quiet Person']);
  });

  it('takes % and _ as text, not wildcards', async () => {
    expect((await find(`group_id=${world.group.id}&search=100%25`)).map((match) => match.name)).toEqual(['Under_score 100%']);
    expect(await find(`group_id=${world.group.id}&search=d_M`)).toEqual([]);
  });

  it('resolves ids within the group, the shape the actions log reads', async () => {
    const matches = await find(`group_id=${world.group.id}&ids=${ids['Quiet Person']}|${ids['Elsewhere Marlow']}`);
    expect(matches).toEqual([{ id: ids['Quiet Person'], name: 'Quiet Person', avatar_url: null, description: '7410002' }]);
  });

  it('lets a supervisor search every member without a group, and any existing group', async () => {
    const everywhere = (await find('search=Elsewhere', 'supervisor')).map((match) => match.id);
    expect(everywhere).toEqual([ids['Elsewhere Marlow']]);
    expect((await find(`group_id=${world.otherGroup.id}&search=marlow`, 'supervisor')).map((match) => match.id)).toEqual([ids['Elsewhere Marlow']]);
  });

  it('needs group_id from anyone but a supervisor', async () => {
    const response = await ask('groupAdmin', 'search=marlow');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.field).toBe('group_id');
  });

  it('answers 404 for a group that is not the caller’s, or that does not exist', async () => {
    for (const [role, groupId] of [
      ['subscriber', world.group.id],
      ['otherGroupAdmin', world.group.id],
      ['groupAdmin', world.otherGroup.id],
      ['supervisor', 2147483647],
    ] as const) {
      const response = await ask(role, `group_id=${groupId}&search=marlow`);
      expect(response.statusCode, `${role}: ${response.body}`).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
  });

  it('refuses a search over 200 characters or holding a NUL character with 400 naming search', async () => {
    for (const search of ['a'.repeat(201), 'mar%00low']) {
      const response = await ask('groupAdmin', `group_id=${world.group.id}&search=${search}`);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.details.field).toBe('search');
    }
  });
});
