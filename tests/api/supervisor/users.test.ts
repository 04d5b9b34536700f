import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit_logs, groups, members, memberships, users } from '../../../server/db/schema';
import { databaseKinds } from '../../support/database';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { bearer } from '../support/sandbox-session';
import { dataDigests } from '../support/table-counts';
import { createTestServer, type TestServer } from '../support/test-server';
import { callAs } from './supervisor-calls';

const NOW = new Date('2026-03-10T12:00:00Z');
const ROLE_USERS = ['Test banned', 'Test groupAdmin', 'Test otherGroupAdmin', 'Test subscriber', 'Test supervisor'];

describe.each(databaseKinds())('the supervisor users on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  let token: string;
  const userIds: Record<string, number> = {};

  beforeAll(async () => {
    server = await createTestServer(kind, {}, { now: () => NOW });
    world = await createRoleWorld(server.db);
    token = world.tokens.supervisor!;
    const made = await server.db
      .insert(users)
      .values([
        { name: 'Erin Email', email: 'erin@example.com', fb_user_id: '9400001', fb_username: 'erin.e', created_at: new Date('2026-01-03T00:00:00Z') },
        { name: 'Frank Once', email: 'frank@example.com', created_at: new Date('2026-01-02T00:00:00Z') },
        { name: 'Gina Removed Holder', fb_user_id: '9400003', created_at: new Date('2026-01-01T00:00:00Z') },
      ])
      .returning({ id: users.id, name: users.name });
    for (const user of made) userIds[user.name] = user.id;
    // Erin holds a free group that is locked and orphaned; Gina held a lifetime group but was removed from it, so holds nothing.
    const [lockedOrphan, lifetime] = await server.db
      .insert(groups)
      .values([
        { fb_group_id: '8400001', name: 'Locked Orphan', is_locked: true, is_orphaned: true },
        { fb_group_id: '8400002', name: 'Lifetime Club', subscribed_plan: 'once' },
      ])
      .returning({ id: groups.id });
    const [erin, gina] = await server.db
      .insert(members)
      .values([
        { fb_user_id: '9400001', name: 'Erin On The Network' },
        { fb_user_id: '9400003', name: 'Gina On The Network' },
      ])
      .returning({ id: members.id });
    await server.db.insert(memberships).values([
      { group_id: lockedOrphan!.id, member_id: erin!.id, member_name: 'Erin', role: 'admin', is_admin_holder: true },
      { group_id: lifetime!.id, member_id: gina!.id, member_name: 'Gina', role: 'admin', is_admin_holder: true, is_removed: true },
    ]);
  });
  afterAll(async () => server?.close());

  const names = async (query = '') => ((await callAs(server, token, { path: '/supervisor/users', query })).users as Array<{ name: string }>).map((user) => user.name);

  describe('GET /supervisor/users', () => {
    it('lists every user by name, 25 a page, with how many there are', async () => {
      const page = await callAs(server, token, { path: '/supervisor/users' });
      expect(page.count).toBe(8);
      expect(page.users.map((user: { name: string }) => user.name)).toEqual(['Erin Email', 'Frank Once', 'Gina Removed Holder', ...ROLE_USERS]);
      expect(await names('per_page=3&page=3')).toEqual(['Test subscriber', 'Test supervisor']);
    });

    it('role: supervisor, banned, or regular (neither)', async () => {
      expect(await names('role=supervisor')).toEqual(['Test supervisor']);
      expect(await names('role=banned')).toEqual(['Test banned']);
      expect(await names('role=regular')).toEqual(['Erin Email', 'Frank Once', 'Gina Removed Holder', 'Test groupAdmin', 'Test otherGroupAdmin', 'Test subscriber']);
    });

    it('subscribed_plan, pipe-delimited, matches users holding a group on one of the plans', async () => {
      expect(await names('subscribed_plan=annual|monthly')).toEqual(['Test banned', 'Test groupAdmin', 'Test otherGroupAdmin']);
      expect(await names('subscribed_plan=monthly')).toEqual(['Test otherGroupAdmin']);
      expect(await names('subscribed_plan=free')).toEqual(['Erin Email']);
      expect(await names('subscribed_plan=once')).toEqual([]);
      const refused = await callAs(server, token, { path: '/supervisor/users', query: 'subscribed_plan=annual|lifetime' }, 400);
      expect(refused.error.details.field).toMatch(/subscribed_plan/);
    });

    it('is_locked and is_orphaned: users holding (true) or not holding (false) such a group', async () => {
      expect(await names('is_locked=true')).toEqual(['Erin Email']);
      expect(await names('is_orphaned=true')).toEqual(['Erin Email']);
      expect(await names('is_locked=false')).toEqual(['Frank Once', 'Gina Removed Holder', ...ROLE_USERS]);
      expect(await names('is_orphaned=false&role=banned')).toEqual(['Test banned']);
    });

    it('member_id: the user linked to that member', async () => {
      expect(await names(`member_id=${world.memberId}`)).toEqual(['Test groupAdmin']);
      expect(await names('member_id=2147483647')).toEqual([]);
    });

    it('searches name, email, fb_user_id and fb_username without case', async () => {
      expect(await names('search=ERIN@')).toEqual(['Erin Email']);
      expect(await names('search=9400001')).toEqual(['Erin Email']);
      expect(await names('search=erin.E')).toEqual(['Erin Email']);
      expect(await names('search=test')).toEqual(ROLE_USERS);
    });

    it('sorts by the column and direction asked', async () => {
      expect((await names('sort_by=email')).slice(0, 2)).toEqual(['Erin Email', 'Frank Once']);
      expect((await names('sort_by=created_at')).slice(0, 3)).toEqual(['Gina Removed Holder', 'Frank Once', 'Erin Email']);
      expect((await names('sort_direction=desc')).slice(0, 2)).toEqual(['Test supervisor', 'Test subscriber']);
    });
  });

  describe('GET /supervisor/users/{id}', () => {
    it('answers the user with the member of their fb_user_id and that member’s groups', async () => {
      const profile = await callAs(server, token, { path: '/supervisor/users/{id}', id: world.userIds.groupAdmin });
      expect(profile.user).toMatchObject({ id: world.userIds.groupAdmin, name: 'Test groupAdmin', fb_user_id: '9100004' });
      expect(profile.member).toEqual({ id: world.memberId, name: 'Test groupAdmin', avatar_url: null, fb_user_id: '9100004' });
      expect(profile.memberships).toEqual([
        {
          group: { id: world.group.id, fb_group_id: world.group.fb_group_id, name: 'The Group', avatar_url: null, subscribed_plan: 'annual' },
          role: 'admin',
          is_removed: false,
          is_whitelisted: false,
          posts_count: 0,
          comments_count: 0,
          reactions_count: 0,
          last_activity_at: null,
        },
      ]);
    });

    it('answers no member and no groups for a user without a profile id, 404 for no such user', async () => {
      const profile = await callAs(server, token, { path: '/supervisor/users/{id}', id: userIds['Frank Once'] });
      expect(profile.member).toBeNull();
      expect(profile.memberships).toEqual([]);
      await callAs(server, token, { path: '/supervisor/users/{id}', id: 2147483647 }, 404);
    });
  });

  describe('PATCH /supervisor/users/{id}', () => {
    const edit = (id: number, payload: unknown, status = 200) => callAs(server, token, { method: 'PATCH', path: '/supervisor/users/{id}', id, payload }, status);
    const editsOf = async (targetUserId: number) =>
      (await server.db.select().from(audit_logs).where(and(eq(audit_logs.kind, 'supervisor_edit'), eq(audit_logs.user_id, world.userIds.supervisor)))).filter(
        (audit) => audit.data.target_user_id === targetUserId,
      );

    it('changes only the fields sent, with one supervisor_edit audit record by the supervisor', async () => {
      const id = userIds['Erin Email']!;
      const before = (await callAs(server, token, { path: '/supervisor/users/{id}', id })).user;
      const { user } = await edit(id, { first_name: 'Erin', last_name: 'Mail', fb_username: null, flags: { robot_training: true } });
      expect(user).toEqual({
        ...before,
        first_name: 'Erin',
        last_name: 'Mail',
        fb_username: null,
        flags: { ...before.flags, robot_training: true },
        updated_at: NOW.toISOString(),
      });
      const audits = await editsOf(id);
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({
        user_id: world.userIds.supervisor,
        created_at: NOW,
        data: { diff: { first_name: [null, 'Erin'], last_name: [null, 'Mail'], fb_username: ['erin.e', null], 'flags.robot_training': [false, true] } },
      });
    });

    it('a ban takes effect on the user’s next call; fb_user_id null removes the profile id', async () => {
      await edit(world.userIds.subscriber, { is_banned: true });
      const next = await server.app.inject({ method: 'GET', url: '/api/v1/groups', headers: bearer(world.tokens.subscriber!) });
      expect(next.statusCode).toBe(403);
      expect(next.json().error.code).toBe('banned');
      const { user } = await edit(userIds['Gina Removed Holder']!, { fb_user_id: null, email: 'gina@example.com' });
      expect(user).toMatchObject({ fb_user_id: null, email: 'gina@example.com' });
      expect((await editsOf(userIds['Gina Removed Holder']!))[0]!.data.diff).toEqual({ fb_user_id: ['9400003', null], email: [null, 'gina@example.com'] });
    });

    it('refuses an email or a profile id another user has (409), and a supervisor demoting or banning themself, writing nothing', async () => {
      const before = await dataDigests(server.db);
      const frank = userIds['Frank Once']!;
      expect((await edit(frank, { first_name: 'F', email: 'ERIN@example.com' }, 409)).error.details.reason).toBe('email_taken');
      expect((await edit(frank, { last_name: 'O', fb_user_id: '9100004' }, 409)).error.details.reason).toBe('fb_user_id_taken');
      expect((await edit(world.userIds.supervisor, { is_supervisor: false }, 409)).error.details.reason).toBe('self');
      expect((await edit(world.userIds.supervisor, { first_name: 'Me', is_banned: true }, 409)).error.details.reason).toBe('self');
      await edit(2147483647, { first_name: 'Nobody' }, 404);
      for (const payload of [{ email: 'not an email' }, { fb_user_id: 'abc' }, { is_banned: 'yes' }, { name: 'Not a field' }]) await edit(frank, payload, 400);
      expect(await dataDigests(server.db)).toEqual(before);
    });

    it('a supervisor may send their own rights unchanged; a change that changes nothing writes nothing', async () => {
      const before = await dataDigests(server.db);
      const { user } = await edit(world.userIds.supervisor, { is_supervisor: true, is_banned: false, flags: { connects_is_enabled: true } });
      expect(user).toMatchObject({ is_supervisor: true, is_banned: false });
      expect(await dataDigests(server.db)).toEqual(before);
    });
  });
});
