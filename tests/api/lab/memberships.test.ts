import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, memberships } from '../../../server/db/schema';
import { FIRST_NAMES, LAST_NAMES } from '../../../server/sandbox/names';
import { databaseKinds } from '../../support/database';
import { apiAs } from '../support/robot-client';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { dataDigests } from '../support/table-counts';
import { createTestServer, type TestServer } from '../support/test-server';
import { labAudits, labCaller, labGroup, labUser, NOW } from './lab-world';

describe.each(databaseKinds())('the lab on memberships on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  let lab: ReturnType<typeof labCaller>;
  beforeAll(async () => {
    server = await createTestServer(kind, {}, { now: () => NOW });
    world = await createRoleWorld(server.db);
    lab = labCaller(server.app, world.tokens.supervisor!);
  });
  afterAll(async () => server?.close());

  const membershipsOf = (groupId: number) => server.db.select().from(memberships).where(eq(memberships.group_id, groupId));
  const groupsOf = async (token: string) => (await apiAs(server.app, token)('GET', '/groups')).body.groups.map((group: { id: number }) => group.id);

  it('finds a membership with its member, and answers 404 for one that does not exist', async () => {
    const found = await lab('find_membership', { group_id: world.group.id, member_id: world.memberId });
    expect(found.body.result.membership).toMatchObject({
      group_id: world.group.id,
      member_id: world.memberId,
      role: 'admin',
      is_admin_holder: true,
      list: 'inactive',
      member: { id: world.memberId, name: 'Test groupAdmin', fb_user_id: '9100004' },
    });
    expect((await lab('find_membership', { group_id: world.otherGroup.id, member_id: world.memberId })).status).toBe(404);
  });

  it("sets a member admin, holding the group as a grant would, and back to subscriber, holding nothing", async () => {
    const { groupId } = await labGroup(server.db);
    const newcomer = await labUser(server.db);
    await server.db.insert(memberships).values({ group_id: groupId, member_id: newcomer.memberId, member_name: newcomer.name });
    expect(await groupsOf(newcomer.token)).toEqual([]);

    const admin = await lab('update_membership', { group_id: groupId, member_id: newcomer.memberId, role: 'admin' });
    expect(admin.body.result.membership).toMatchObject({ role: 'admin', is_admin_holder: true, is_group_holder: false });
    expect(await groupsOf(newcomer.token)).toEqual([groupId]);
    const [granted] = await server.db.select().from(memberships).where(and(eq(memberships.group_id, groupId), eq(memberships.member_id, newcomer.memberId)));
    expect(granted).toMatchObject({ granted_by_user_id: world.userIds.supervisor, granted_at: NOW });

    const subscriber = await lab('update_membership', { group_id: groupId, member_id: newcomer.memberId, role: 'subscriber' });
    expect(subscriber.body.result.membership).toMatchObject({ role: 'subscriber', is_admin_holder: false });
    expect(await groupsOf(newcomer.token)).toEqual([]);
    expect((await labAudits(server.db)).at(-1)).toMatchObject({
      user_id: world.userIds.supervisor,
      group_id: groupId,
      member_id: newcomer.memberId,
      data: { action: 'update_membership', diff: { role: ['admin', 'subscriber'], is_admin_holder: [true, false] } },
    });
    expect((await lab('update_membership', { group_id: groupId, member_id: 2147483647, role: 'admin' })).status).toBe(404);
  });

  it('removes a membership, leaving the person', async () => {
    const { groupId, subscriberIds } = await labGroup(server.db, { subscribers: 2 });
    const removed = await lab('remove_membership', { group_id: groupId, member_id: subscriberIds[0] });
    expect(removed.body).toEqual({ ok: true, result: { group_id: groupId, member_id: subscriberIds[0] } });
    expect((await membershipsOf(groupId)).map((row) => row.member_id)).not.toContain(subscriberIds[0]);
    expect(await server.db.select().from(members).where(eq(members.id, subscriberIds[0]!))).toHaveLength(1);
    expect((await lab('remove_membership', { group_id: groupId, member_id: subscriberIds[0] })).status).toBe(404);
  });

  it("removes the members of a role, or of every role, but the group's holders", async () => {
    const { groupId, admin, subscriberIds } = await labGroup(server.db, { subscribers: 3 });
    await server.db.update(memberships).set({ role: 'admin' }).where(and(eq(memberships.group_id, groupId), eq(memberships.member_id, subscriberIds[2]!)));
    const subscribers = await lab('remove_members', { group_id: groupId, role: 'subscriber' });
    expect(subscribers.body.result).toEqual({ removed: 2 });
    expect((await membershipsOf(groupId)).map((row) => row.member_id).sort()).toEqual([admin.memberId, subscriberIds[2]].sort());
    const everyone = await lab('remove_members', { group_id: groupId, role: 'any' });
    expect(everyone.body.result).toEqual({ removed: 1 });
    expect((await membershipsOf(groupId)).map((row) => row.member_id)).toEqual([admin.memberId]);
    expect(await groupsOf(admin.token)).toEqual([groupId]);
    expect((await labAudits(server.db)).at(-1)).toMatchObject({ group_id: groupId, data: { action: 'remove_members', role: 'any', diff: { members: [2, 1] } } });
  });

  it('fakes 500 members by default, as subscribers drawn from the sandbox network, and deactivated ones when asked', async () => {
    const { groupId } = await labGroup(server.db);
    const faked = await lab('fake_members', { group_id: groupId });
    expect(faked.body.result).toEqual({ created: 500 });
    const rows = await server.db
      .select({ role: memberships.role, holder: memberships.is_admin_holder, list: memberships.list, person: members })
      .from(memberships)
      .innerJoin(members, eq(members.id, memberships.member_id))
      .where(and(eq(memberships.group_id, groupId), eq(memberships.is_admin_holder, false)));
    expect(rows).toHaveLength(500);
    expect(new Set(rows.map((row) => `${row.role} ${row.list} ${row.person.is_banned}`))).toEqual(new Set(['subscriber inactive false']));
    for (const { person } of rows) {
      const [first, last] = person.name.split(' ');
      expect(FIRST_NAMES).toContain(first);
      expect(LAST_NAMES).toContain(last);
      expect(person.fb_user_id).toMatch(/^7\d{16}$/);
      expect(person.avatar_url).toBe(`/sandbox/images/avatar/${person.fb_user_id}.svg`);
    }
    // Most have a username, as on the network.
    expect(rows.filter((row) => row.person.fb_username !== null).length).toBeGreaterThan(250);

    const deactivated = await lab('fake_members', { group_id: groupId, count: 10, is_banned: true });
    expect(deactivated.body.result).toEqual({ created: 10 });
    const [banned] = await server.db
      .select({ n: count() })
      .from(memberships)
      .innerJoin(members, eq(members.id, memberships.member_id))
      .where(and(eq(memberships.group_id, groupId), eq(members.is_banned, true)));
    expect(banned!.n).toBe(10);
    expect((await labAudits(server.db)).at(-1)).toMatchObject({
      user_id: world.userIds.supervisor,
      group_id: groupId,
      data: { action: 'fake_members', is_banned: true, diff: { members: [501, 511] } },
    });
  });

  it('creates a random member: a subscriber by default, or an admin holding the group', async () => {
    const { groupId } = await labGroup(server.db);
    const subscriber = await lab('create_random_member', { group_id: groupId });
    expect(subscriber.body.result.membership).toMatchObject({ group_id: groupId, role: 'subscriber', is_admin_holder: false });
    expect(subscriber.body.result.membership.member.avatar_url).toMatch(/^http:\/\/localhost(:\d+)?\/sandbox\/images\/avatar\/7\d{16}\.svg$/);
    const admin = await lab('create_random_member', { group_id: groupId, role: 'admin' });
    expect(admin.body.result.membership).toMatchObject({ role: 'admin', is_admin_holder: true, is_group_holder: false });
    expect((await labAudits(server.db)).at(-1)).toMatchObject({
      group_id: groupId,
      member_id: admin.body.result.membership.member_id,
      data: { action: 'create_random_member', diff: { role: [null, 'admin'] } },
    });
  });

  it('answers 404 for a group that does not exist, and writes nothing', async () => {
    const before = await dataDigests(server.db);
    for (const [name, body] of [
      ['remove_members', { role: 'any' }],
      ['fake_members', {}],
      ['create_random_member', {}],
    ] as const) {
      expect((await lab(name, { group_id: 2147483647, ...body })).status, name).toBe(404);
    }
    expect(await dataDigests(server.db)).toEqual(before);
  });
});
