import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit_logs, groups, member_list_counts, members, memberships, posts, sessions, users } from '../../../server/db/schema';
import { databaseKinds } from '../../support/database';
import { apiAs } from '../support/robot-client';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { dataDigests } from '../support/table-counts';
import { createTestServer, type TestServer } from '../support/test-server';
import { labAudits, labCaller, labGroup, NOW } from './lab-world';

const TRUNCATIONS = ['remove_all_members', 'remove_all_groups', 'remove_all_users'] as const;

describe.each(databaseKinds())('the lab truncating users, groups and members on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  let lab: ReturnType<typeof labCaller>;
  beforeAll(async () => {
    server = await createTestServer(kind, {}, { now: () => NOW });
    world = await createRoleWorld(server.db);
    lab = labCaller(server.app, world.tokens.supervisor!);
    const { groupId } = await labGroup(server.db, { subscribers: 3 });
    await lab('fake_posts', { group_id: groupId, count: 3 });
  });
  afterAll(async () => server?.close());

  const rowsOf = async (table: typeof users | typeof groups | typeof members | typeof memberships | typeof posts | typeof member_list_counts) =>
    (await server.db.select({ n: count() }).from(table))[0]!.n;

  it('asks for a confirmation first: without confirm true each answers 400 and deletes nothing', async () => {
    const before = await dataDigests(server.db);
    for (const name of TRUNCATIONS) {
      for (const body of [{}, { confirm: false }]) {
        const refused = await lab(name, body);
        expect(refused.status, `${name} ${JSON.stringify(body)}`).toBe(400);
        expect(refused.body.error.details).toMatchObject({ field: 'confirm' });
      }
    }
    expect(await dataDigests(server.db)).toEqual(before);
  });

  it('deletes every member and membership, keeping the users', async () => {
    const people = await rowsOf(members);
    const userCount = await rowsOf(users);
    const removed = await lab('remove_all_members', { confirm: true });
    expect(removed.body).toEqual({ ok: true, result: { removed: people } });
    expect([await rowsOf(members), await rowsOf(memberships), await rowsOf(member_list_counts)]).toEqual([0, 0, 0]);
    expect(await rowsOf(users)).toBe(userCount);
    expect((await labAudits(server.db)).at(-1)).toMatchObject({ user_id: world.userIds.supervisor, member_id: null, data: { action: 'remove_all_members', diff: { members: [people, 0] } } });
  });

  it('deletes every group with its data', async () => {
    const groupCount = await rowsOf(groups);
    expect(groupCount).toBeGreaterThan(2);
    const removed = await lab('remove_all_groups', { confirm: true });
    expect(removed.body.result).toEqual({ removed: groupCount });
    expect([await rowsOf(groups), await rowsOf(posts)]).toEqual([0, 0]);
    const audits = await server.db.select().from(audit_logs);
    expect(audits.every((audit) => audit.group_id === null)).toBe(true);
    expect((await labAudits(server.db)).at(-1)).toMatchObject({ user_id: world.userIds.supervisor, data: { action: 'remove_all_groups', diff: { groups: [groupCount, 0] } } });
  });

  it('deletes every user but the caller, whose session goes on', async () => {
    const userCount = await rowsOf(users);
    const removed = await lab('remove_all_users', { confirm: true });
    expect(removed.body.result).toEqual({ removed: userCount - 1 });
    expect(await server.db.select({ id: users.id }).from(users)).toEqual([{ id: world.userIds.supervisor }]);
    expect((await server.db.select({ userId: sessions.user_id }).from(sessions)).every((session) => session.userId === world.userIds.supervisor)).toBe(true);
    expect((await apiAs(server.app, world.tokens.groupAdmin!)('GET', '/groups')).status).toBe(401);
    expect((await lab('find_user', { user_id: world.userIds.supervisor })).status).toBe(200);
    expect((await labAudits(server.db)).at(-1)).toMatchObject({ user_id: world.userIds.supervisor, data: { action: 'remove_all_users', diff: { users: [userCount, 1] } } });
  });
});
