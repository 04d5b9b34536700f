import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, memberships } from '../../../server/db/schema';
import { databaseKinds } from '../../support/database';
import { createResponseValidator } from '../support/contract-schemas';
import { createRoleWorld, openRoleSession, type Role, type RoleWorld } from '../support/roles';
import { bearer } from '../support/sandbox-session';
import { createTestServer, type TestServer } from '../support/test-server';

const contract = createResponseValidator();

describe.each(databaseKinds())('looking members up by id on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  let inGroup: { id: number; fb_user_id: string };
  let elsewhere: { id: number };
  beforeAll(async () => {
    server = await createTestServer(kind);
    world = await createRoleWorld(server.db);
    [inGroup] = await server.db
      .insert(members)
      .values({ fb_user_id: '7300001', name: 'Old Network Name', avatar_url: '/sandbox/images/lookup.png' })
      .returning({ id: members.id, fb_user_id: members.fb_user_id });
    await server.db.insert(memberships).values({ group_id: world.group.id, member_id: inGroup!.id, member_name: 'Lena Lookup' });
    [elsewhere] = await server.db.insert(members).values({ fb_user_id: '7300002', name: 'Other Place' }).returning({ id: members.id });
    await server.db.insert(memberships).values({ group_id: world.otherGroup.id, member_id: elsewhere!.id, member_name: 'Other Place' });
  });
  afterAll(async () => server?.close());

  const lookup = async (role: Role, query: string) =>
    server.app.inject({ method: 'GET', url: `/api/v1/members/lookup?${query}`, headers: bearer((await openRoleSession(server.db, world, role))!) });

  const found = async (role: Role, query: string) => {
    const response = await lookup(role, query);
    expect(response.statusCode, response.body).toBe(200);
    expect(contract.validate('/members/lookup', 'GET', 200, response.json())).toBeUndefined();
    return response.json().members as Array<{ id: number; name: string; avatar_url: string | null; fb_user_id: string }>;
  };

  it("answers the group's members among the ids with the group's name for them, leaving the others out", async () => {
    const answer = await found('groupAdmin', `group_id=${world.group.id}&ids=${inGroup.id}|${elsewhere.id}|${world.memberId}|999999`);
    expect(answer.map((member) => member.id).sort()).toEqual([inGroup.id, world.memberId].sort());
    const lena = answer.find((member) => member.id === inGroup.id)!;
    expect(lena).toMatchObject({ name: 'Lena Lookup', fb_user_id: '7300001' });
    expect(lena.avatar_url).toMatch(/^https?:\/\/[^/]+\/sandbox\/images\/lookup\.png$/);
  });

  it('answers an empty list for no ids or repeated unknown ones', async () => {
    expect(await found('groupAdmin', `group_id=${world.group.id}`)).toEqual([]);
    expect(await found('groupAdmin', `group_id=${world.group.id}&ids=999998|999998`)).toEqual([]);
  });

  it('lets a supervisor look up any existing group', async () => {
    expect((await found('supervisor', `group_id=${world.otherGroup.id}&ids=${elsewhere.id}`)).map((member) => member.id)).toEqual([elsewhere.id]);
  });

  it('answers 404 for a group that is not the caller’s, or that does not exist', async () => {
    for (const [role, groupId] of [
      ['subscriber', world.group.id],
      ['otherGroupAdmin', world.group.id],
      ['groupAdmin', world.otherGroup.id],
      ['supervisor', 2147483647],
    ] as const) {
      const response = await lookup(role, `group_id=${groupId}&ids=${inGroup.id}`);
      expect(response.statusCode, `${role}: ${response.body}`).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
  });

  it('refuses a missing group, a bad id or more than 100 ids with 400 naming the field', async () => {
    const cases = [
      [`ids=${inGroup.id}`, 'group_id'],
      [`group_id=${world.group.id}&ids=abc`, 'ids[0]'],
      [`group_id=${world.group.id}&ids=${Array.from({ length: 101 }, (_, index) => index + 1).join('|')}`, 'ids'],
    ] as const;
    for (const [query, field] of cases) {
      const response = await lookup('groupAdmin', query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.details.field).toBe(field);
    }
  });
});
