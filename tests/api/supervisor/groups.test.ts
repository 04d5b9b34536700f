import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit_logs, customers, groups, members, memberships, payment_accounts, posts } from '../../../server/db/schema';
import { databaseKinds } from '../../support/database';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { dataDigests } from '../support/table-counts';
import { createTestServer, type TestServer } from '../support/test-server';
import { callAs } from './supervisor-calls';

const NOW = new Date('2026-03-10T12:00:00Z');
const BULK = 28;
const bulkName = (index: number) => `Bulk Group ${String(index).padStart(2, '0')}`;

interface GroupBody {
  id: number;
  name: string;
  fb_group_id: string;
  fb_slug: string | null;
  subscribed_plan: string;
  is_locked: boolean;
  subscription_ends_at: string | null;
  updated_at: string;
  flags: { checkbox_payment_terms_accept: boolean; count_payment_error: number };
}

describe.each(databaseKinds())('the supervisor groups on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  let token: string;

  beforeAll(async () => {
    server = await createTestServer(kind, {}, { now: () => NOW });
    world = await createRoleWorld(server.db);
    token = world.tokens.supervisor!;
    await server.db
      .insert(groups)
      .values(
        Array.from({ length: BULK }, (_, i) => ({
          fb_group_id: String(7000001 + i),
          fb_slug: `bulk-${i + 1}`,
          name: bulkName(i + 1),
          created_at: new Date(Date.parse('2026-01-01T00:00:00Z') + i * 60_000),
        })),
      );
    await server.db.update(groups).set({ created_at: new Date('2025-06-01T00:00:00Z') }).where(eq(groups.id, world.group.id));
    await server.db.update(groups).set({ created_at: new Date('2025-07-01T00:00:00Z') }).where(eq(groups.id, world.otherGroup.id));

    // The Group also has an active, a whitelisted and a removed member, two posts and a payment account with two customers.
    const people = await server.db
      .insert(members)
      .values([
        { fb_user_id: '9200001', name: 'Active Ann' },
        { fb_user_id: '9200002', name: 'Whitelisted Will' },
        { fb_user_id: '9200003', name: 'Removed Rita' },
      ])
      .returning({ id: members.id, name: members.name });
    await server.db.insert(memberships).values([
      { group_id: world.group.id, member_id: people[0]!.id, member_name: people[0]!.name, posts_count: 2 },
      { group_id: world.group.id, member_id: people[1]!.id, member_name: people[1]!.name, is_whitelisted: true },
      { group_id: world.group.id, member_id: people[2]!.id, member_name: people[2]!.name, is_removed: true },
    ]);
    await server.db.insert(posts).values([
      { group_id: world.group.id, member_id: people[0]!.id, fb_post_id: '1', posted_at: NOW },
      { group_id: world.group.id, member_id: people[0]!.id, fb_post_id: '2', posted_at: NOW },
    ]);
    const [account] = await server.db.insert(payment_accounts).values({ group_id: world.group.id, onboarding: 'completed' }).returning();
    await server.db.insert(customers).values([
      { account_id: account!.id, external_id: 'cus_1', name: 'One' },
      { account_id: account!.id, external_id: 'cus_2', name: 'Two' },
    ]);
  });
  afterAll(async () => server?.close());

  const list = async (query = '') => (await callAs(server, token, { path: '/supervisor/groups', query })) as { groups: GroupBody[]; count: number };

  describe('GET /supervisor/groups', () => {
    it('answers 25 a page by name ascending, with how many there are (part 2 §9)', async () => {
      const first = await list();
      expect(first.count).toBe(BULK + 2);
      expect(first.groups.map((group) => group.name)).toEqual(['Another Group', ...Array.from({ length: 24 }, (_, i) => bulkName(i + 1))]);
      const second = await list('page=2');
      expect(second.groups.map((group) => group.name)).toEqual([bulkName(25), bulkName(26), bulkName(27), bulkName(28), 'The Group']);
      expect((await list('per_page=100')).groups).toHaveLength(BULK + 2);
    });

    it('sorts by the column and direction asked, ties by id', async () => {
      const byNameDown = await list('sort_direction=desc&per_page=3');
      expect(byNameDown.groups.map((group) => group.name)).toEqual(['The Group', bulkName(28), bulkName(27)]);
      const byCreated = await list('sort_by=created_at&per_page=3');
      expect(byCreated.groups.map((group) => group.name)).toEqual(['The Group', 'Another Group', bulkName(1)]);
      const byFbIdDown = await list('sort_by=fb_group_id&sort_direction=desc&per_page=3');
      expect(byFbIdDown.groups.map((group) => group.fb_group_id)).toEqual(['8100002', '8100001', String(7000000 + BULK)]);
      const byPlan = await list('sort_by=subscribed_plan&sort_direction=desc&per_page=2');
      expect(byPlan.groups.map((group) => group.subscribed_plan)).toEqual(['monthly', 'free']);
    });

    it('searches name, fb_group_id and fb_slug without case, % and _ as text', async () => {
      const byName = await list('search=BULK%20GROUP%200');
      expect(byName.count).toBe(9);
      expect((await list('search=810000')).groups.map((group) => group.name)).toEqual(['Another Group', 'The Group']);
      expect((await list('search=the-gr')).groups.map((group) => group.name)).toEqual(['The Group']);
      expect((await list('search=%25')).count).toBe(0);
      expect((await list('search=%20%20')).count).toBe(BULK + 2);
    });

    it('no_member: true only groups with no member synced, false only those with members', async () => {
      const empty = await list('no_member=true&per_page=100');
      expect(empty.count).toBe(BULK);
      expect(empty.groups.every((group) => group.name.startsWith('Bulk'))).toBe(true);
      expect((await list('no_member=false')).groups.map((group) => group.name)).toEqual(['Another Group', 'The Group']);
    });

    it('refuses what the contract does not admit with 400', async () => {
      for (const query of ['per_page=101', 'page=0', 'sort_by=members', 'sort_direction=up', 'no_member=maybe', 'colour=red']) {
        await callAs(server, token, { path: '/supervisor/groups', query }, 400);
      }
    });
  });

  describe('GET /supervisor/groups/{id}', () => {
    it('answers the group with its admins, the users holding it, its lists, posts and customers, and its removal limits', async () => {
      const profile = await callAs(server, token, { path: '/supervisor/groups/{id}', id: world.group.id });
      expect(profile.group).toMatchObject({ id: world.group.id, name: 'The Group', subscribed_plan: 'annual' });
      expect(profile.group.removal_limits).toBeUndefined();
      expect(profile.admins.map((admin: { name: string }) => admin.name)).toEqual(['Test banned', 'Test groupAdmin']);
      expect(profile.users.map((user: { id: number }) => user.id).sort()).toEqual([world.userIds.banned, world.userIds.groupAdmin].sort());
      expect(profile.counts).toEqual({ active: 1, inactive: 3, whitelisted: 1, removed: 1, posts: 2, customers: 2 });
      expect(profile.removal_limits.daily).toEqual({ limit: 100, left: 100, spent: 0 });
      expect(profile.removal_limits.weekly).toEqual({ limit: 500, left: 500, spent: 0 });
    });

    it('answers 404 for a group that does not exist', async () => {
      const body = await callAs(server, token, { path: '/supervisor/groups/{id}', id: 2147483647 }, 404);
      expect(body.error.code).toBe('not_found');
    });
  });

  describe('PATCH /supervisor/groups/{id}', () => {
    const edit = (id: number, payload: unknown, status = 200) => callAs(server, token, { method: 'PATCH', path: '/supervisor/groups/{id}', id, payload }, status);
    const auditsOf = (groupId: number) =>
      server.db
        .select()
        .from(audit_logs)
        .where(and(eq(audit_logs.group_id, groupId), eq(audit_logs.kind, 'supervisor_edit')));

    it('changes only the fields sent, with one supervisor_edit audit record of the change by the supervisor', async () => {
      const groupId = (await list('search=bulk-3&per_page=1')).groups[0]!.id;
      const before = (await callAs(server, token, { path: '/supervisor/groups/{id}', id: groupId })).group as GroupBody;
      const { group } = await edit(groupId, { name: 'Renamed Bulk', is_locked: true, subscription_ends_at: '2026-04-01T00:00:00+02:00' });
      expect(group).toEqual({
        ...before,
        name: 'Renamed Bulk',
        is_locked: true,
        subscription_ends_at: '2026-03-31T22:00:00.000Z',
        updated_at: NOW.toISOString(),
      });
      const audits = await auditsOf(groupId);
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({
        user_id: world.userIds.supervisor,
        created_at: NOW,
        data: {
          diff: {
            name: [bulkName(3), 'Renamed Bulk'],
            is_locked: [false, true],
            subscription_ends_at: [null, '2026-03-31T22:00:00.000Z'],
          },
        },
      });
    });

    it('a plan change writes the plan’s engagement-sync limits too; null clears a field', async () => {
      const groupId = world.otherGroup.id;
      const { group } = await edit(groupId, { subscribed_plan: 'free', fb_slug: null });
      expect(group).toMatchObject({ subscribed_plan: 'free', fb_slug: null });
      const [row] = await server.db.select({ limits: groups.limits }).from(groups).where(eq(groups.id, groupId));
      expect(row!.limits).toMatchObject({ engagement_sync_days_back: 10, engagement_sync_posts_back: 10 });
      const [audit] = await auditsOf(groupId);
      expect(audit!.data.diff).toEqual({ subscribed_plan: ['monthly', 'free'], fb_slug: ['another-group', null] });
    });

    it('flags: checkbox_payment_terms_accept is set, count_payment_error goes up by one whatever is sent (GroupFlagsPatch)', async () => {
      const groupId = (await list('search=bulk-4&per_page=1')).groups[0]!.id;
      const { group } = await edit(groupId, { flags: { checkbox_payment_terms_accept: true, count_payment_error: 40 } });
      expect(group.flags).toEqual({ checkbox_payment_terms_accept: true, count_payment_error: 1 });
      const [audit] = await auditsOf(groupId);
      expect(audit!.data.diff).toEqual({ 'flags.checkbox_payment_terms_accept': [false, true], 'flags.count_payment_error': [0, 1] });
    });

    it('a change that changes nothing writes nothing', async () => {
      const groupId = (await list('search=bulk-5&per_page=1')).groups[0]!.id;
      const before = await dataDigests(server.db);
      const { group } = await edit(groupId, { name: bulkName(5), is_locked: false, flags: { checkbox_payment_terms_accept: false } });
      expect(group.name).toBe(bulkName(5));
      expect(await dataDigests(server.db)).toEqual(before);
    });

    it('refuses bad input with 400 and an unknown group with 404, writing nothing', async () => {
      const groupId = (await list('search=bulk-6&per_page=1')).groups[0]!.id;
      const before = await dataDigests(server.db);
      const refusals: Array<[unknown, string]> = [
        [{ name: '' }, 'name'],
        [{ colour: 'red' }, 'colour'],
        [{ subscribed_plan: 'lifetime' }, 'subscribed_plan'],
        [{ subscription_ends_at: 'tomorrow' }, 'subscription_ends_at'],
        [{ name: 'Fine', subscription_ends_at: '0000-01-01T00:00:00Z' }, 'subscription_ends_at'],
        [{ trial_ends_at: '2026-06-30T23:59:60Z' }, 'trial_ends_at'],
      ];
      for (const [payload, field] of refusals) {
        const body = await edit(groupId, payload, 400);
        expect(body.error.details.field).toBe(field);
      }
      await edit(2147483647, { name: 'Nobody' }, 404);
      expect(await dataDigests(server.db)).toEqual(before);
    });
  });
});
