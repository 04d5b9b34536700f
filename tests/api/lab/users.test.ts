import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, sessions, users } from '../../../server/db/schema';
import { databaseKinds } from '../../support/database';
import { apiAs } from '../support/robot-client';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { dataDigests } from '../support/table-counts';
import { createTestServer, type TestServer } from '../support/test-server';
import { labAudits, labCaller, labGroup, labUser, NOW } from './lab-world';

const BANNED = { error: { code: 'banned', message: 'Your account has been flagged for policy violations.' } };

describe.each(databaseKinds())('the lab on users on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  let lab: ReturnType<typeof labCaller>;
  beforeAll(async () => {
    server = await createTestServer(kind, {}, { now: () => NOW });
    world = await createRoleWorld(server.db);
    lab = labCaller(server.app, world.tokens.supervisor!);
  });
  afterAll(async () => server?.close());

  const userRow = async (userId: number) => (await server.db.select().from(users).where(eq(users.id, userId)))[0];

  it('finds a user, and answers 404 for one that does not exist', async () => {
    const found = await lab('find_user', { user_id: world.userIds.groupAdmin });
    expect(found.status).toBe(200);
    expect(found.body.result.user).toMatchObject({ id: world.userIds.groupAdmin, name: 'Test groupAdmin', fb_user_id: '9100004' });
    expect((await lab('find_user', { user_id: 2147483647 })).status).toBe(404);
  });

  it('bans a user: every session they have gets the banned answer on its next call; unbanning lets them back', async () => {
    const { groupId: group, admin } = await labGroup(server.db);
    const asAdmin = apiAs(server.app, admin.token);
    expect((await asAdmin('GET', '/groups')).status).toBe(200);

    const banned = await lab('update_user', { user_id: admin.userId, is_banned: true });
    expect(banned.status).toBe(200);
    expect(banned.body.result.user).toMatchObject({ id: admin.userId, is_banned: true });
    const next = await asAdmin('GET', '/groups');
    expect(next).toEqual({ status: 403, body: BANNED });
    expect((await asAdmin('GET', `/groups/{id}/settings`, { url: `/groups/${group}/settings` })).body).toEqual(BANNED);
    // The session stays, so the app can show the banned page.
    expect((await asAdmin('GET', '/session')).body.user.is_banned).toBe(true);

    expect((await lab('update_user', { user_id: admin.userId, is_banned: false })).status).toBe(200);
    expect((await asAdmin('GET', '/groups')).status).toBe(200);
  });

  it('grants and revokes supervisor, which the staff-only calls follow at once', async () => {
    const target = await labUser(server.db);
    const asTarget = labCaller(server.app, target.token);
    expect((await asTarget('find_user', { user_id: target.userId })).status).toBe(404);
    expect((await lab('update_user', { user_id: target.userId, is_supervisor: true })).body.result.user.is_supervisor).toBe(true);
    expect((await asTarget('find_user', { user_id: target.userId })).status).toBe(200);
    expect((await lab('update_user', { user_id: target.userId, is_supervisor: false })).body.result.user.is_supervisor).toBe(false);
    expect((await asTarget('find_user', { user_id: target.userId })).status).toBe(404);
  });

  it('removes the username, and the profile id, with which the user no longer holds their group', async () => {
    const { groupId, admin } = await labGroup(server.db);
    const asAdmin = apiAs(server.app, admin.token);
    expect((await asAdmin('GET', '/groups')).body.groups.map((group: { id: number }) => group.id)).toEqual([groupId]);

    const noUsername = await lab('update_user', { user_id: admin.userId, remove_username: true });
    expect(noUsername.body.result.user).toMatchObject({ fb_username: null, fb_user_id: admin.fbUserId });
    const noProfile = await lab('update_user', { user_id: admin.userId, remove_profile_id: true });
    expect(noProfile.body.result.user).toMatchObject({ fb_username: null, fb_user_id: null });
    expect((await asAdmin('GET', '/groups')).body.groups).toEqual([]);
  });

  it('audits each change with the supervisor as its user and the fields that changed, and a change that changes nothing not at all', async () => {
    const target = await labUser(server.db);
    const before = (await labAudits(server.db)).length;
    await lab('update_user', { user_id: target.userId, is_banned: true, is_supervisor: true });
    await lab('update_user', { user_id: target.userId, is_banned: true });
    const audits = (await labAudits(server.db)).slice(before);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      user_id: world.userIds.supervisor,
      group_id: null,
      data: { action: 'update_user', user_id: target.userId, diff: { is_banned: [false, true], is_supervisor: [false, true] } },
    });
  });

  it('refuses a supervisor banning themself or revoking their own rights, and writes nothing', async () => {
    const before = await dataDigests(server.db);
    for (const change of [{ is_banned: true }, { is_supervisor: false }]) {
      const refused = await lab('update_user', { user_id: world.userIds.supervisor, ...change });
      expect(refused.status).toBe(409);
      expect(refused.body.error.details).toEqual({ reason: 'self' });
    }
    const removal = await lab('remove_user', { user_id: world.userIds.supervisor });
    expect(removal.status).toBe(409);
    expect(removal.body.error.details).toEqual({ reason: 'self' });
    expect(await dataDigests(server.db)).toEqual(before);
  });

  it('removes a user with their sessions and holdings; their member stays in the group, holding nothing', async () => {
    const { groupId, admin } = await labGroup(server.db);
    const removed = await lab('remove_user', { user_id: admin.userId });
    expect(removed).toEqual({ status: 200, body: { ok: true, result: { user_id: admin.userId } } });
    expect(await userRow(admin.userId)).toBeUndefined();
    expect(await server.db.select().from(sessions).where(eq(sessions.user_id, admin.userId))).toEqual([]);
    expect((await apiAs(server.app, admin.token)('GET', '/groups')).status).toBe(401);
    const [membership] = await server.db.select().from(memberships).where(eq(memberships.member_id, admin.memberId));
    expect(membership).toMatchObject({ group_id: groupId, role: 'admin', is_admin_holder: false });
    expect((await labAudits(server.db)).at(-1)).toMatchObject({
      user_id: world.userIds.supervisor,
      data: { action: 'remove_user', user_id: admin.userId, diff: { user: [admin.name, null], holdings: [1, 0] } },
    });
    expect((await lab('remove_user', { user_id: admin.userId })).status).toBe(404);
  });

  it('creates a random user with a name from the network, a supervisor when asked', async () => {
    const plain = await lab('create_random_user', {});
    expect(plain.status).toBe(200);
    const made = plain.body.result.user;
    expect(made).toMatchObject({ is_supervisor: false, is_banned: false });
    expect(made.name).toMatch(/^\p{L}+ \p{L}+$/u);
    expect(made.fb_user_id).toMatch(/^7\d{16}$/);
    expect(made.avatar_url).toMatch(new RegExp(`/sandbox/images/avatar/${made.fb_user_id}\\.svg$`));
    expect(await userRow(made.id)).toMatchObject({ name: made.name, is_supervisor: false });
    const staff = await lab('create_random_user', { is_supervisor: true });
    expect((await userRow(staff.body.result.user.id))!.is_supervisor).toBe(true);
    expect((await labAudits(server.db)).at(-1)).toMatchObject({ user_id: world.userIds.supervisor, data: { action: 'create_random_user', user_id: staff.body.result.user.id } });
  });
});
