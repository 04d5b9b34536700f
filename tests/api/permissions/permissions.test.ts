import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SubscribedPlan } from '../../../rules/plans';
import { audit_logs, groups, members, memberships, sessions, users } from '../../../server/db/schema';
import { generateToken, hashToken } from '../../../server/domain/tokens';
import { databaseKinds } from '../../support/database';
import { apiAs, type ApiCall } from '../support/robot-client';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { tableDigests } from '../support/table-counts';
import { createTestServer, type TestServer } from '../support/test-server';

interface Person {
  memberId: number;
  name: string;
}

interface PermissionsGroup {
  id: number;
  /** The role world's admin: the group's holder, unless made a granted admin. */
  admin: Person;
  /** Subscribers, by name. */
  subscribers: Person[];
}

const GRANTED_AT = new Date('2026-02-01T00:00:00Z');

describe.each(databaseKinds())('group permissions on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  let admin: ApiCall;
  let clock = new Date('2026-03-02T09:00:00Z');
  let made = 0;

  beforeAll(async () => {
    server = await createTestServer(kind, {}, { now: () => clock });
    world = await createRoleWorld(server.db);
    admin = apiAs(server.app, world.tokens.groupAdmin!);
  });
  afterAll(async () => server?.close());
  beforeEach(() => {
    clock = new Date(clock.getTime() + 3_600_000);
  });

  async function person(name: string): Promise<Person> {
    made += 1;
    const [member] = await server.db
      .insert(members)
      .values({ fb_user_id: `88${String(made).padStart(6, '0')}`, name })
      .returning({ id: members.id });
    return { memberId: member!.id, name };
  }

  /**
   * A group on the plan with the role world's admin in it and subscribers named as given. The admin
   * holds it as the one who acquired it, or, with `grantedBy`, as an admin that member's user granted
   * (the member then holds it as its acquirer).
   */
  async function groupOf(plan: SubscribedPlan, names: string[], options: { isLocked?: boolean; grantedBy?: Person } = {}): Promise<PermissionsGroup> {
    made += 1;
    const [group] = await server.db
      .insert(groups)
      .values({ fb_group_id: `89${String(made).padStart(5, '0')}`, name: `Permissions Group ${made}`, subscribed_plan: plan, is_locked: options.isLocked ?? false })
      .returning({ id: groups.id });
    const granter = options.grantedBy ? await userFor(options.grantedBy) : undefined;
    await server.db.insert(memberships).values({
      group_id: group!.id,
      member_id: world.memberId,
      member_name: 'Test groupAdmin',
      role: 'admin',
      is_admin_holder: true,
      granted_at: GRANTED_AT,
      granted_by_user_id: granter?.userId ?? null,
    });
    if (options.grantedBy) {
      await server.db.insert(memberships).values({
        group_id: group!.id,
        member_id: options.grantedBy.memberId,
        member_name: options.grantedBy.name,
        role: 'admin',
        is_admin_holder: true,
      });
    }
    const subscribers: Person[] = [];
    for (const name of names) {
      const subscriber = await person(name);
      await server.db.insert(memberships).values({ group_id: group!.id, member_id: subscriber.memberId, member_name: name });
      subscribers.push(subscriber);
    }
    return { id: group!.id, admin: { memberId: world.memberId, name: 'Test groupAdmin' }, subscribers };
  }

  /** A user account for the member (same network id), signed in. */
  async function userFor(someone: Person): Promise<{ userId: number; call: ApiCall }> {
    const [member] = await server.db.select({ fbUserId: members.fb_user_id }).from(members).where(eq(members.id, someone.memberId));
    const [user] = await server.db.insert(users).values({ name: someone.name, fb_user_id: member!.fbUserId }).returning({ id: users.id });
    const token = generateToken();
    await server.db.insert(sessions).values({ user_id: user!.id, token_hash: hashToken(token) });
    return { userId: user!.id, call: apiAs(server.app, token) };
  }

  const list = (groupId: number, query: Record<string, string> = {}) =>
    admin('GET', '/groups/{id}/permissions', { url: `/groups/${groupId}/permissions`, query });
  const set = (groupId: number, memberId: number, role: 'admin' | 'subscriber', call: ApiCall = admin) =>
    call('PUT', '/groups/{id}/permissions', { url: `/groups/${groupId}/permissions`, payload: { member_id: memberId, role } });

  async function membershipOf(groupId: number, memberId: number) {
    const [row] = await server.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.group_id, groupId), eq(memberships.member_id, memberId)));
    return row!;
  }

  /** Every table's fingerprint, once the callers' sessions have been used at this hour (a session records its use). */
  async function digestsNow(groupId: number) {
    await list(groupId);
    await apiAs(server.app, world.tokens.otherGroupAdmin!)('GET', '/groups');
    return tableDigests(server.db);
  }

  const roleAudits = (groupId: number) =>
    server.db.select().from(audit_logs).where(and(eq(audit_logs.group_id, groupId), eq(audit_logs.kind, 'member_role_updated')));

  describe('the admin list', () => {
    it('lists admins first, then by name, then by id, a page at a time, with the count', async () => {
      const group = await groupOf('annual', ['Cleo', 'Abe', 'Bo', 'Abe']);
      await set(group.id, group.subscribers[2]!.memberId, 'admin');

      const first = await list(group.id, { per_page: '3' });
      expect(first.status).toBe(200);
      expect(first.body.count).toBe(5);
      expect(first.body.permissions.map((row: any) => [row.member.name, row.role])).toEqual([
        ['Bo', 'admin'],
        ['Test groupAdmin', 'admin'],
        ['Abe', 'subscriber'],
      ]);
      expect(first.body.permissions[2]).toMatchObject({ member_id: group.subscribers[1]!.memberId, group_id: group.id, is_group_holder: false });
      expect(first.body.permissions.map((row: any) => row.is_group_holder)).toEqual([false, true, false]);
      const second = await list(group.id, { per_page: '3', page: '2' });
      expect(second.body.permissions.map((row: any) => row.member_id)).toEqual([group.subscribers[3]!.memberId, group.subscribers[0]!.memberId]);
      expect(second.body.count).toBe(5);
    });

    it('narrows to the admins with role=admin, and leaves out members who have left the group', async () => {
      const group = await groupOf('annual', ['Dora', 'Ezra']);
      await server.db
        .update(memberships)
        .set({ is_removed: true })
        .where(and(eq(memberships.group_id, group.id), eq(memberships.member_id, group.subscribers[1]!.memberId)));

      const admins = await list(group.id, { role: 'admin' });
      expect(admins.body).toMatchObject({ count: 1, permissions: [{ role: 'admin', member_id: world.memberId }] });
      const all = await list(group.id);
      expect(all.body.permissions.map((row: any) => row.member.name)).toEqual(['Test groupAdmin', 'Dora']);
    });

    it("answers 404 for another tenant's group", async () => {
      const theirs = apiAs(server.app, world.tokens.otherGroupAdmin!);
      const group = await groupOf('annual', ['Fay']);
      const answer = await theirs('GET', '/groups/{id}/permissions', { url: `/groups/${group.id}/permissions` });
      expect(answer.status).toBe(404);
    });
  });

  describe('granting and revoking', () => {
    it('grants admin: the member holds the group, granted by the caller now, audited with the role diff', async () => {
      const group = await groupOf('monthly', ['Gus']);
      const gus = group.subscribers[0]!;

      const answer = await set(group.id, gus.memberId, 'admin');
      expect(answer.status).toBe(200);
      expect(answer.body.membership).toMatchObject({ role: 'admin', member_id: gus.memberId, group_id: group.id, member: { id: gus.memberId, name: 'Gus' } });
      expect(await membershipOf(group.id, gus.memberId)).toMatchObject({
        role: 'admin',
        is_admin_holder: true,
        granted_by_user_id: world.userIds.groupAdmin,
        granted_at: clock,
      });
      const audits = await roleAudits(group.id);
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({ user_id: world.userIds.groupAdmin, member_id: gus.memberId, data: { diff: { role: ['subscriber', 'admin'] } } });
    });

    it('revokes a granted admin: a subscriber again who holds nothing, audited', async () => {
      const group = await groupOf('annual', ['Hana']);
      const hana = group.subscribers[0]!;
      await set(group.id, hana.memberId, 'admin');

      const answer = await set(group.id, hana.memberId, 'subscriber');
      expect(answer.status).toBe(200);
      expect(answer.body.membership).toMatchObject({ role: 'subscriber', member_id: hana.memberId });
      expect(await membershipOf(group.id, hana.memberId)).toMatchObject({ role: 'subscriber', is_admin_holder: false, granted_by_user_id: null, granted_at: null });
      const audits = await roleAudits(group.id);
      expect(audits.map((audit) => audit.data.diff)).toEqual([{ role: ['subscriber', 'admin'] }, { role: ['admin', 'subscriber'] }]);
    });

    it('gives a granted user the group to administer, and takes it away on revoke', async () => {
      const group = await groupOf('annual', ['Ivo']);
      const ivo = group.subscribers[0]!;
      const { call } = await userFor(ivo);
      const readGroup = () => call('GET', '/groups/{id}', { url: `/groups/${group.id}` });
      expect((await readGroup()).status).toBe(404);

      await set(group.id, ivo.memberId, 'admin');
      expect((await readGroup()).status).toBe(200);
      expect((await call('GET', '/groups')).body.groups.map((held: any) => held.id)).toContain(group.id);

      await set(group.id, ivo.memberId, 'subscriber');
      expect((await readGroup()).status).toBe(404);
    });

    it('changes nothing and audits nothing when granting an admin again or revoking a subscriber', async () => {
      const group = await groupOf('annual', ['Jo', 'Kit']);
      const [jo, kit] = group.subscribers as [Person, Person];
      await set(group.id, jo.memberId, 'admin');
      clock = new Date(clock.getTime() + 60_000);
      const before = await digestsNow(group.id);

      const again = await set(group.id, jo.memberId, 'admin');
      expect(again).toMatchObject({ status: 200, body: { membership: { role: 'admin', member_id: jo.memberId } } });
      const revoked = await set(group.id, kit.memberId, 'subscriber');
      expect(revoked).toMatchObject({ status: 200, body: { membership: { role: 'subscriber', member_id: kit.memberId } } });
      expect(await tableDigests(server.db)).toEqual(before);
    });

    it('refuses revoking yourself (409 self) and writes nothing', async () => {
      const group = await groupOf('annual', ['Lu']);
      const before = await digestsNow(group.id);
      const answer = await set(group.id, world.memberId, 'subscriber');
      expect(answer).toMatchObject({ status: 409, body: { error: { code: 'conflict', details: { reason: 'self' } } } });
      expect(await tableDigests(server.db)).toEqual(before);
    });

    it("refuses revoking the group's holder, who stays admin (409 holder)", async () => {
      const acquirer = await person('Mo Acquirer');
      const group = await groupOf('annual', ['Ned'], { grantedBy: acquirer });
      const before = await digestsNow(group.id);
      const answer = await set(group.id, acquirer.memberId, 'subscriber');
      expect(answer).toMatchObject({ status: 409, body: { error: { code: 'conflict', details: { reason: 'holder' } } } });
      expect(await tableDigests(server.db)).toEqual(before);
      // A granted admin may still grant.
      expect((await set(group.id, group.subscribers[0]!.memberId, 'admin')).status).toBe(200);
    });

    it.each([
      ['free', 'free_plan', false],
      ['annual', 'locked', true],
      ['monthly', 'locked', true],
    ] as const)('refuses both directions on a %s group (409 %s) and writes nothing', async (plan, reason, isLocked) => {
      const group = await groupOf(plan, ['Olga', 'Pia'], { isLocked });
      await server.db
        .update(memberships)
        .set({ role: 'admin', is_admin_holder: true })
        .where(and(eq(memberships.group_id, group.id), eq(memberships.member_id, group.subscribers[1]!.memberId)));
      const before = await digestsNow(group.id);
      for (const [member, role] of [
        [group.subscribers[0]!, 'admin'],
        [group.subscribers[1]!, 'subscriber'],
      ] as const) {
        const answer = await set(group.id, member.memberId, role);
        expect(answer).toMatchObject({ status: 409, body: { error: { code: 'conflict', details: { reason } } } });
      }
      expect(await tableDigests(server.db)).toEqual(before);
    });

    it('answers 404 for a member not in the group, one who left it, and for another tenant', async () => {
      const group = await groupOf('annual', ['Quinn']);
      const other = await groupOf('annual', ['Rae']);
      await server.db
        .update(memberships)
        .set({ is_removed: true })
        .where(and(eq(memberships.group_id, group.id), eq(memberships.member_id, group.subscribers[0]!.memberId)));
      const before = await digestsNow(group.id);

      expect((await set(group.id, other.subscribers[0]!.memberId, 'admin')).status).toBe(404);
      expect((await set(group.id, group.subscribers[0]!.memberId, 'admin')).status).toBe(404);
      expect((await set(group.id, 2147483647, 'admin')).status).toBe(404);
      const theirs = apiAs(server.app, world.tokens.otherGroupAdmin!);
      expect((await set(other.id, other.subscribers[0]!.memberId, 'admin', theirs)).status).toBe(404);
      expect(await tableDigests(server.db)).toEqual(before);
    });

    it.each([
      ['no role', { member_id: 1 }],
      ['an unknown role', { member_id: 1, role: 'owner' }],
      ['a member id of 0', { member_id: 0, role: 'admin' }],
      ['a text member id', { member_id: 'one', role: 'admin' }],
      ['another field', { member_id: 1, role: 'admin', is_admin_holder: true }],
    ])('refuses %s with 400 and writes nothing', async (_what, payload) => {
      const group = await groupOf('annual', []);
      const before = await digestsNow(group.id);
      const answer = await admin('PUT', '/groups/{id}/permissions', { url: `/groups/${group.id}/permissions`, payload });
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('bad_request');
      expect(await tableDigests(server.db)).toEqual(before);
    });

    it('refuses a body that is not JSON with a 4xx and writes nothing', async () => {
      const group = await groupOf('annual', ['Sol']);
      const before = await digestsNow(group.id);
      const response = await server.app.inject({
        method: 'PUT',
        url: `/api/v1/groups/${group.id}/permissions`,
        headers: { authorization: `Bearer ${world.tokens.groupAdmin}`, 'content-type': 'text/plain' },
        payload: `member_id=${group.subscribers[0]!.memberId}&role=admin`,
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json().error.code).toEqual(expect.any(String));
      expect(await tableDigests(server.db)).toEqual(before);
    });
  });
});
