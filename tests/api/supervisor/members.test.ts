import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, memberships, users } from '../../../server/db/schema';
import { databaseKinds } from '../../support/database';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { createTestServer, type TestServer } from '../support/test-server';
import { callAs } from './supervisor-calls';

interface MemberBody {
  id: number;
  name: string;
  role: string;
  posts_count: number;
  comments_count: number;
  reactions_count: number;
  last_activity_at: string | null;
  is_removed: boolean;
  is_whitelisted: boolean;
}

const ROLE_PEOPLE = ['Test banned', 'Test groupAdmin', 'Test otherGroupAdmin', 'Test subscriber', 'Test supervisor'];

describe.each(databaseKinds())('the supervisor members on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  let token: string;
  const ids: Record<string, number> = {};
  let daveUserId: number;

  beforeAll(async () => {
    server = await createTestServer(kind);
    world = await createRoleWorld(server.db);
    token = world.tokens.supervisor!;
    const people = await server.db
      .insert(members)
      .values([
        { fb_user_id: '9300001', name: 'Alice Both' },
        { fb_user_id: '9300002', name: 'Bob Removed' },
        { fb_user_id: '9300003', name: 'Carol Loner', fb_username: 'carol.l' },
        { fb_user_id: '9300004', name: 'Dave User' },
      ])
      .returning({ id: members.id, name: members.name });
    for (const person of people) ids[person.name] = person.id;
    // Alice is an admin (not a holder) of The Group and a whitelisted subscriber of Another Group, active in both.
    await server.db.insert(memberships).values([
      {
        group_id: world.group.id,
        member_id: ids['Alice Both']!,
        member_name: 'Alice in The Group',
        role: 'admin',
        posts_count: 3,
        comments_count: 1,
        last_activity_at: new Date('2026-03-01T10:00:00Z'),
      },
      {
        group_id: world.otherGroup.id,
        member_id: ids['Alice Both']!,
        member_name: 'Alice Both',
        posts_count: 2,
        reactions_count: 5,
        is_whitelisted: true,
        last_activity_at: new Date('2026-03-05T10:00:00Z'),
      },
      { group_id: world.group.id, member_id: ids['Bob Removed']!, member_name: 'Bob Removed', is_removed: true, removed_at: new Date('2026-02-01T00:00:00Z') },
      { group_id: world.otherGroup.id, member_id: ids['Dave User']!, member_name: 'Dave User', posts_count: 1 },
    ]);
    const [dave] = await server.db.insert(users).values({ name: 'Dave The User', fb_user_id: '9300004', email: 'dave@example.com' }).returning({ id: users.id });
    daveUserId = dave!.id;
  });
  afterAll(async () => server?.close());

  const list = async (query = '') => (await callAs(server, token, { path: '/supervisor/members', query })) as { members: MemberBody[]; count: number };
  const names = async (query = '') => (await list(query)).members.map((member) => member.name);

  describe('GET /supervisor/members without a group', () => {
    it('lists every member by name, 25 a page, each with their totals over all groups', async () => {
      const page = await list();
      expect(page.count).toBe(9);
      expect(page.members.map((member) => member.name)).toEqual(['Alice Both', 'Bob Removed', 'Carol Loner', 'Dave User', ...ROLE_PEOPLE]);
      const alice = page.members[0]!;
      expect(alice).toMatchObject({
        id: ids['Alice Both'],
        role: 'admin',
        posts_count: 5,
        comments_count: 1,
        reactions_count: 5,
        last_activity_at: '2026-03-05T10:00:00.000Z',
        is_whitelisted: true,
        is_removed: false,
      });
      expect(page.members[1]).toMatchObject({ name: 'Bob Removed', role: 'subscriber', is_removed: true });
      expect(page.members[2]).toMatchObject({ name: 'Carol Loner', role: 'subscriber', posts_count: 0, last_activity_at: null, is_removed: false });
      expect(await names('per_page=2&page=2')).toEqual(['Carol Loner', 'Dave User']);
    });

    it('list and role match members in that list or of that role in any group, both in the same group when both are given', async () => {
      expect(await names('list=removed')).toEqual(['Bob Removed']);
      expect(await names('list=whitelisted')).toEqual(['Alice Both']);
      expect(await names('list=active')).toEqual(['Alice Both', 'Dave User']);
      expect(await names('role=admin')).toEqual(['Alice Both', 'Test banned', 'Test groupAdmin', 'Test otherGroupAdmin']);
      expect(await names('role=subscriber')).toEqual(['Alice Both', 'Bob Removed', 'Dave User', 'Test subscriber']);
      expect(await names('role=admin&list=whitelisted')).toEqual([]);
      expect(await names('role=subscriber&list=whitelisted')).toEqual(['Alice Both']);
      expect(await names('role=any&list=all_members')).toHaveLength(9);
    });

    it('has_user: true only members linked to a user (by fb_user_id), false only the others', async () => {
      expect(await names('has_user=true')).toEqual(['Dave User', ...ROLE_PEOPLE]);
      expect(await names('has_user=false')).toEqual(['Alice Both', 'Bob Removed', 'Carol Loner']);
    });

    it('searches name, fb_user_id and fb_username without case', async () => {
      expect(await names('search=ALICE')).toEqual(['Alice Both']);
      expect(await names('search=CAROL.L')).toEqual(['Carol Loner']);
      expect(await names('search=930000')).toEqual(['Alice Both', 'Bob Removed', 'Carol Loner', 'Dave User']);
      expect(await names('search=_')).toEqual([]);
    });

    it('sorts by the totals', async () => {
      expect((await names('sort_by=posts_count&sort_direction=desc')).slice(0, 2)).toEqual(['Alice Both', 'Dave User']);
      expect((await names('sort_by=reactions_count&sort_direction=desc'))[0]).toBe('Alice Both');
      expect((await names('sort_by=last_activity_at&sort_direction=asc')).slice(0, 1)).toEqual(['Alice Both']);
      expect((await names('sort_direction=desc')).slice(0, 2)).toEqual(['Test supervisor', 'Test subscriber']);
    });
  });

  describe('GET /supervisor/members with group_id', () => {
    it("lists the group's members with the group's name, role, lists and counters", async () => {
      const page = await list(`group_id=${world.group.id}`);
      expect(page.count).toBe(5);
      expect(page.members.map((member) => member.name)).toEqual(['Alice in The Group', 'Bob Removed', 'Test banned', 'Test groupAdmin', 'Test subscriber']);
      expect(page.members[0]).toMatchObject({ id: ids['Alice Both'], role: 'admin', posts_count: 3, reactions_count: 0, is_whitelisted: false });
    });

    it('filters by role, linked user, list and search within the group', async () => {
      const group = `group_id=${world.group.id}`;
      expect(await names(`${group}&role=admin`)).toEqual(['Alice in The Group', 'Test banned', 'Test groupAdmin']);
      expect(await names(`${group}&has_user=false`)).toEqual(['Alice in The Group', 'Bob Removed']);
      expect(await names(`${group}&list=removed`)).toEqual(['Bob Removed']);
      expect(await names(`${group}&search=9300002`)).toEqual(['Bob Removed']);
      expect(await names(`group_id=${world.otherGroup.id}&list=whitelisted`)).toEqual(['Alice Both']);
      expect(await list('group_id=2147483647')).toEqual({ members: [], count: 0 });
    });
  });

  describe('GET /supervisor/members/{id}', () => {
    it('answers the member with their groups, and no user when none has their fb_user_id', async () => {
      const profile = await callAs(server, token, { path: '/supervisor/members/{id}', id: ids['Alice Both'] });
      expect(profile.member).toMatchObject({ name: 'Alice Both', role: 'admin', posts_count: 5 });
      expect(profile.memberships).toEqual([
        {
          group: { id: world.otherGroup.id, fb_group_id: world.otherGroup.fb_group_id, name: 'Another Group', avatar_url: null, subscribed_plan: 'monthly' },
          role: 'subscriber',
          is_removed: false,
          is_whitelisted: true,
          posts_count: 2,
          comments_count: 0,
          reactions_count: 5,
          last_activity_at: '2026-03-05T10:00:00.000Z',
        },
        {
          group: { id: world.group.id, fb_group_id: world.group.fb_group_id, name: 'The Group', avatar_url: null, subscribed_plan: 'annual' },
          role: 'admin',
          is_removed: false,
          is_whitelisted: false,
          posts_count: 3,
          comments_count: 1,
          reactions_count: 0,
          last_activity_at: '2026-03-01T10:00:00.000Z',
        },
      ]);
      expect(profile.user).toBeNull();
    });

    it('answers the linked user of a member with a fb_user_id some user has', async () => {
      const profile = await callAs(server, token, { path: '/supervisor/members/{id}', id: ids['Dave User'] });
      expect(profile.user).toEqual({ id: daveUserId, name: 'Dave The User', avatar_url: null, fb_user_id: '9300004', email: 'dave@example.com' });
      const loner = await callAs(server, token, { path: '/supervisor/members/{id}', id: ids['Carol Loner'] });
      expect(loner.memberships).toEqual([]);
    });

    it('answers 404 for a member that does not exist', async () => {
      await callAs(server, token, { path: '/supervisor/members/{id}', id: 2147483647 }, 404);
    });
  });
});
