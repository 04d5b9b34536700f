import { and, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { audit_logs, groups, members, memberships, removal_counters, robot_jobs } from '../../../server/db/schema';
import { removalPeriods } from '../../../server/domain/removal-limits';
import { databaseKinds } from '../../support/database';
import { createResponseValidator } from '../support/contract-schemas';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { bearer } from '../support/sandbox-session';
import { createTestServer, type TestServer } from '../support/test-server';

const contract = createResponseValidator();

describe.each(databaseKinds())('member moves on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  let made = 0;
  beforeAll(async () => {
    server = await createTestServer(kind);
    world = await createRoleWorld(server.db);
  });
  afterAll(async () => server?.close());
  beforeEach(async () => {
    await server.db.update(groups).set({ subscribed_plan: 'annual', is_locked: false }).where(eq(groups.id, world.group.id));
    await server.db.delete(removal_counters);
  });

  /** New members of the group in the given list. */
  const membersIn = async (list: 'active' | 'inactive' | 'whitelisted' | 'removed', count: number) => {
    const ids: number[] = [];
    for (let i = 0; i < count; i += 1) {
      made += 1;
      const [member] = await server.db.insert(members).values({ fb_user_id: `77${made}`, name: `Mover ${made}` }).returning({ id: members.id });
      await server.db.insert(memberships).values({
        group_id: world.group.id,
        member_id: member!.id,
        member_name: `Mover ${made}`,
        posts_count: list === 'active' ? 2 : 0,
        is_whitelisted: list === 'whitelisted',
        is_removed: list === 'removed',
      });
      ids.push(member!.id);
    }
    return ids;
  };

  const listsOf = async (ids: number[]) => {
    const rows = await server.db
      .select({ id: memberships.member_id, list: memberships.list })
      .from(memberships)
      .where(and(eq(memberships.group_id, world.group.id), inArray(memberships.member_id, ids)));
    return Object.fromEntries(rows.map((row) => [row.id, row.list]));
  };

  const auditsOf = async (ids: number[]) =>
    server.db
      .select({ kind: audit_logs.kind, memberId: audit_logs.member_id, userId: audit_logs.user_id, groupId: audit_logs.group_id })
      .from(audit_logs)
      .where(inArray(audit_logs.member_id, ids));

  const post = async (path: 'whitelisted' | 'removed', body: unknown) => {
    const response = await server.app.inject({
      method: 'POST',
      url: `/api/v1/groups/${world.group.id}/members/${path}`,
      headers: bearer(world.tokens.groupAdmin!),
      payload: body as Record<string, unknown>,
    });
    expect(contract.validate(`/groups/{id}/members/${path}`, 'POST', response.statusCode, response.json())).toBeUndefined();
    return response;
  };

  it('adds inactive members to the whitelist and takes them off again, auditing each', async () => {
    const ids = await membersIn('inactive', 3);
    const added = await post('whitelisted', { is_whitelisted: true, ids });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().count).toBe(3);
    expect(Object.values(await listsOf(ids))).toEqual(['whitelisted', 'whitelisted', 'whitelisted']);
    const back = await post('whitelisted', { is_whitelisted: false, ids });
    expect(back.statusCode, back.body).toBe(200);
    expect(Object.values(await listsOf(ids))).toEqual(['inactive', 'inactive', 'inactive']);
    const audits = await auditsOf(ids);
    expect(audits.filter((audit) => audit.kind === 'members_whitelisted')).toHaveLength(3);
    expect(audits.filter((audit) => audit.kind === 'members_unwhitelisted')).toHaveLength(3);
    expect(audits.every((audit) => audit.userId === world.userIds.groupAdmin && audit.groupId === world.group.id)).toBe(true);
  });

  it('refuses a member outside the source list or the group, and moves none of the selection', async () => {
    const [inactive] = await membersIn('inactive', 1);
    const [active] = await membersIn('active', 1);
    const conflict = await post('whitelisted', { is_whitelisted: true, ids: [inactive!, active!] });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().error.details).toEqual({ reason: 'not_in_list', ids: [active] });
    const missing = await post('whitelisted', { is_whitelisted: true, ids: [inactive!, 2_000_000] });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.details).toEqual({ ids: [2_000_000] });
    expect(await listsOf([inactive!, active!])).toEqual({ [inactive!]: 'inactive', [active!]: 'active' });
    expect(await auditsOf([inactive!, active!])).toEqual([]);
  });

  it('moves active and inactive members to removed and back to inactive, spending and checking no removal limits', async () => {
    await server.db.insert(removal_counters).values({ group_id: world.group.id, day: removalPeriods(new Date()).today, count: 100 });
    const ids = [...(await membersIn('active', 1)), ...(await membersIn('inactive', 2))];
    const removed = await post('removed', { is_removed: true, ids });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().count).toBe(3);
    expect(Object.values(await listsOf(ids))).toEqual(['removed', 'removed', 'removed']);
    expect(await server.db.select({ count: removal_counters.count }).from(removal_counters)).toEqual([{ count: 100 }]);
    expect(removed.json().removal_limits.daily).toEqual({ limit: 100, left: 0, spent: 100 });
    const restoredOne = [ids[1]!];
    const restored = await post('removed', { is_removed: false, ids: restoredOne });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await listsOf(restoredOne)).toEqual({ [ids[1]!]: 'inactive' });
    const audits = await auditsOf(ids);
    expect(audits.filter((audit) => audit.kind === 'members_removed')).toHaveLength(3);
    expect(audits.filter((audit) => audit.kind === 'members_restored')).toHaveLength(1);
    expect(await server.db.select({ count: removal_counters.count }).from(removal_counters)).toEqual([{ count: 100 }]);
  });

  it("never moves a holder of the group, the caller's own member or a co-holder, and moves none of the selection", async () => {
    const [coHolder] = await server.db
      .select({ id: memberships.member_id })
      .from(memberships)
      .where(and(eq(memberships.group_id, world.group.id), eq(memberships.is_admin_holder, true), ne(memberships.member_id, world.memberId)));
    const [inactive] = await membersIn('inactive', 1);
    const holders = [world.memberId, coHolder!.id].sort((a, b) => a - b);
    const before = await listsOf([...holders, inactive!]);
    for (const [path, body] of [
      ['removed', { is_removed: true }],
      ['whitelisted', { is_whitelisted: true }],
    ] as const) {
      for (const selection of [[world.memberId], [coHolder!.id], [inactive!, ...holders]]) {
        const response = await post(path, { ...body, ids: selection });
        expect(response.statusCode, response.body).toBe(409);
        expect(response.json().error.details).toEqual({ reason: 'holder', ids: selection.filter((id) => holders.includes(id)).sort((a, b) => a - b) });
      }
    }
    expect(await listsOf([...holders, inactive!])).toEqual(before);
    expect(await auditsOf([...holders, inactive!])).toEqual([]);
    expect((await server.app.inject({ method: 'GET', url: `/api/v1/groups/${world.group.id}`, headers: bearer(world.tokens.groupAdmin!) })).statusCode).toBe(200);
  });

  it('never removes a whitelisted member', async () => {
    const [whitelisted] = await membersIn('whitelisted', 1);
    const response = await post('removed', { is_removed: true, ids: [whitelisted!] });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.details).toEqual({ reason: 'whitelisted', ids: [whitelisted] });
  });

  it('refuses both moves on the Free plan and changes nothing', async () => {
    await server.db.update(groups).set({ subscribed_plan: 'free' }).where(eq(groups.id, world.group.id));
    const [inactive] = await membersIn('inactive', 1);
    const [removed] = await membersIn('removed', 1);
    for (const [body, id] of [
      [{ is_removed: true, ids: [inactive!] }, inactive!],
      [{ is_removed: false, ids: [removed!] }, removed!],
    ] as const) {
      const refused = await post('removed', body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toEqual({ code: 'conflict', message: 'Not available on Free plan', details: { reason: 'free_plan' } });
      expect(await auditsOf([id])).toEqual([]);
    }
    expect(await listsOf([inactive!, removed!])).toEqual({ [inactive!]: 'inactive', [removed!]: 'removed' });
  });

  it('refuses both moves on a locked group', async () => {
    await server.db.update(groups).set({ is_locked: true }).where(eq(groups.id, world.group.id));
    const [inactive] = await membersIn('inactive', 1);
    const [removed] = await membersIn('removed', 1);
    for (const body of [{ is_removed: true, ids: [inactive!] }, { is_removed: false, ids: [removed!] }]) {
      const response = await post('removed', body);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.details).toEqual({ reason: 'locked' });
    }
    expect(await listsOf([inactive!, removed!])).toEqual({ [inactive!]: 'inactive', [removed!]: 'removed' });
  });

  it('leaves the members of a running robot removal as the robot leaves them', async () => {
    const ids = await membersIn('inactive', 2);
    const [other] = await membersIn('inactive', 1);
    const jobMembers = await server.db
      .select({ id: members.id, fb_user_id: members.fb_user_id, name: members.name })
      .from(members)
      .where(inArray(members.id, ids));
    const started = await server.app.inject({
      method: 'POST',
      url: `/api/v1/robot/groups/${world.group.id}/jobs`,
      headers: bearer(world.tokens.groupAdmin!),
      payload: { name: 'remove_group_members', args: { id: world.group.id, members: jobMembers } },
    });
    expect(started.statusCode, started.body).toBe(201);
    const refused = await post('removed', { is_removed: true, ids: [other!, ...ids] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.details).toEqual({ reason: 'in_removal', ids: [...ids].sort((a, b) => a - b) });
    expect(Object.values(await listsOf([other!, ...ids]))).toEqual(['inactive', 'inactive', 'inactive']);
    expect((await post('removed', { is_removed: true, ids: [other!] })).statusCode).toBe(200);
    await server.db.update(robot_jobs).set({ status: 'stopped', finished_at: new Date() }).where(eq(robot_jobs.id, started.json().job.id));
    expect((await post('removed', { is_removed: true, ids })).statusCode).toBe(200);
  });
});
