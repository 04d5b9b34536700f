import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxPayments } from '../../../server/adapters/payments/sandbox';
import { audit_logs, groups, memberships, posts } from '../../../server/db/schema';
import { databaseKinds } from '../../support/database';
import { apiAs } from '../support/robot-client';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { dataDigests } from '../support/table-counts';
import { createTestServer, type TestServer } from '../support/test-server';
import { labAudits, labCaller, labGroup, labUser, NOW } from './lab-world';

const DAY_MS = 86_400_000;

describe.each(databaseKinds())('the lab on groups on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  let lab: ReturnType<typeof labCaller>;
  let payments: ReturnType<typeof createSandboxPayments>;
  beforeAll(async () => {
    server = await createTestServer(kind, {}, { now: () => NOW, payments: (db) => (payments = createSandboxPayments(db, () => NOW)) });
    world = await createRoleWorld(server.db);
    lab = labCaller(server.app, world.tokens.supervisor!);
  });
  afterAll(async () => server?.close());

  const groupRow = async (groupId: number) => (await server.db.select().from(groups).where(eq(groups.id, groupId)))[0];

  it('finds a group, and answers 404 for one that does not exist', async () => {
    const found = await lab('find_group', { group_id: world.group.id });
    expect(found.body.result.group).toMatchObject({ id: world.group.id, name: 'The Group', subscribed_plan: 'annual' });
    expect((await lab('find_group', { group_id: 2147483647 })).status).toBe(404);
  });

  it("changes the plan, and the sync limits follow it as the settings page reads them", async () => {
    const { groupId, admin } = await labGroup(server.db, { plan: 'annual' });
    const settings = () => apiAs(server.app, admin.token)('GET', '/groups/{id}/settings', { url: `/groups/${groupId}/settings` });
    expect((await settings()).body.limits).toEqual({ engagement_sync_days_back: 200, engagement_sync_posts_back: 200 });
    const free = await lab('update_group', { group_id: groupId, subscribed_plan: 'free' });
    expect(free.body.result.group.subscribed_plan).toBe('free');
    expect((await settings()).body.limits).toEqual({ engagement_sync_days_back: 10, engagement_sync_posts_back: 10 });
    await lab('update_group', { group_id: groupId, subscribed_plan: 'monthly' });
    expect((await settings()).body.limits).toEqual({ engagement_sync_days_back: 200, engagement_sync_posts_back: 200 });
    expect((await labAudits(server.db)).at(-1)).toMatchObject({
      user_id: world.userIds.supervisor,
      group_id: groupId,
      data: { action: 'update_group', diff: { subscribed_plan: ['free', 'monthly'] } },
    });
  });

  it("locks the group, so its admin's writes are refused, and unlocks it", async () => {
    const { groupId, admin } = await labGroup(server.db);
    const save = () => apiAs(server.app, admin.token)('POST', '/groups/{id}/settings', { url: `/groups/${groupId}/settings`, payload: { settings: { engagement_sync_days_back: 20 } } });
    expect((await lab('update_group', { group_id: groupId, is_locked: true })).body.result.group.is_locked).toBe(true);
    const refused = await save();
    expect(refused.status).toBe(409);
    expect(refused.body.error.details).toEqual({ reason: 'locked' });
    await lab('update_group', { group_id: groupId, is_locked: false });
    expect((await save()).status).toBe(200);
  });

  it('sets subscribed_from to the start of the day, UTC', async () => {
    const { groupId } = await labGroup(server.db);
    const changed = await lab('update_group', { group_id: groupId, subscribed_from: '2025-07-04' });
    expect(changed.body.result.group.subscribed_from_at).toBe('2025-07-04T00:00:00.000Z');
    expect((await groupRow(groupId))!.subscribed_from_at).toEqual(new Date('2025-07-04T00:00:00.000Z'));
    // The contract's dates reach year 0, the database's from year 1.
    const yearZero = await lab('update_group', { group_id: groupId, subscribed_from: '0000-12-31' });
    expect(yearZero.status).toBe(400);
    expect(yearZero.body.error.details).toMatchObject({ field: 'subscribed_from' });
    expect((await groupRow(groupId))!.subscribed_from_at).toEqual(new Date('2025-07-04T00:00:00.000Z'));
  });

  it('sets the subscription status, which locks the group as the provider would, and its end days from now', async () => {
    const { groupId } = await labGroup(server.db);
    for (const daysLeft of [0, 15, 31, 155, 365]) {
      const changed = await lab('update_subscription', { group_id: groupId, days_left: daysLeft });
      expect(changed.body.result.group.subscription_ends_at).toBe(new Date(NOW.getTime() + daysLeft * DAY_MS).toISOString());
    }
    const pastDue = await lab('update_subscription', { group_id: groupId, status: 'past_due' });
    expect(pastDue.body.result.group).toMatchObject({ subscription_status: 'past_due', is_locked: true });
    const trialing = await lab('update_subscription', { group_id: groupId, status: 'trialing' });
    expect(trialing.body.result.group).toMatchObject({ subscription_status: 'trialing', is_locked: false });
    const incomplete = await lab('update_subscription', { group_id: groupId, status: 'incomplete' });
    expect(incomplete.body.result.group).toMatchObject({ subscription_status: 'incomplete', is_locked: false });
  });

  it('removes the subscription: back to free and unlocked, with no subscription fields and the free limits', async () => {
    const { groupId } = await labGroup(server.db, { plan: 'monthly' });
    await server.db
      .update(groups)
      .set({ subscription_status: 'past_due', is_locked: true, stripe_subscription_id: 'sub_x', subscribed_from_at: NOW, subscription_ends_at: NOW, trial_ends_at: NOW, is_manual_subscription: true })
      .where(eq(groups.id, groupId));
    const removed = await lab('remove_subscription', { group_id: groupId });
    expect(removed.body.result.group).toMatchObject({
      subscribed_plan: 'free',
      subscription_status: null,
      subscribed_from_at: null,
      subscription_ends_at: null,
      trial_ends_at: null,
      stripe_subscription_id: null,
      is_manual_subscription: false,
      is_locked: false,
    });
    expect((await groupRow(groupId))!.limits).toMatchObject({ engagement_sync_days_back: 10, engagement_sync_posts_back: 10 });
  });

  it("copies the plan, status and dates of the provider's subscription, and answers 404 for a group without one the provider knows", async () => {
    const { groupId } = await labGroup(server.db, { plan: 'free' });
    expect((await lab('sync_subscription_fields', { group_id: groupId })).status).toBe(404);
    const subscription = await payments.subscribe('cus_lab', 'annual', 'lab-sync-key');
    await server.db.update(groups).set({ stripe_subscription_id: 'sub_unknown' }).where(eq(groups.id, groupId));
    expect((await lab('sync_subscription_fields', { group_id: groupId })).status).toBe(404);
    await server.db.update(groups).set({ stripe_subscription_id: subscription.subscriptionId, subscription_status: 'past_due', is_locked: true }).where(eq(groups.id, groupId));

    const synced = await lab('sync_subscription_fields', { group_id: groupId });
    expect(synced.body.result.group).toMatchObject({
      subscribed_plan: 'annual',
      subscription_status: 'active',
      subscribed_from_at: NOW.toISOString(),
      subscription_ends_at: '2027-03-11T10:00:00.000Z',
      trial_ends_at: null,
      is_locked: false,
    });
    expect((await groupRow(groupId))!.limits).toMatchObject({ engagement_sync_days_back: 200 });
  });

  it('removes a group with everything of it; the audit record keeps its id in its data', async () => {
    const { groupId, admin } = await labGroup(server.db, { subscribers: 2 });
    await server.db.insert(posts).values({ group_id: groupId, fb_post_id: '5550001', posted_at: NOW });
    const removed = await lab('remove_group', { group_id: groupId });
    expect(removed.body).toEqual({ ok: true, result: { group_id: groupId } });
    expect(await groupRow(groupId)).toBeUndefined();
    expect(await server.db.select().from(memberships).where(eq(memberships.group_id, groupId))).toEqual([]);
    expect(await server.db.select().from(posts).where(eq(posts.group_id, groupId))).toEqual([]);
    expect((await apiAs(server.app, admin.token)('GET', '/groups')).body.groups).toEqual([]);
    expect((await labAudits(server.db)).at(-1)).toMatchObject({
      user_id: world.userIds.supervisor,
      group_id: null,
      data: { action: 'remove_group', group_id: groupId, diff: { group: [expect.stringMatching(/^Lab Group/), null] } },
    });
    expect((await lab('remove_group', { group_id: groupId })).status).toBe(404);
  });

  it('creates a random free group nobody holds, or one a user holds as its acquirer', async () => {
    const unheld = await lab('create_random_group', {});
    expect(unheld.body.result.group).toMatchObject({ subscribed_plan: 'free', is_locked: false });
    expect(unheld.body.result.group.name).toMatch(/^[\p{L}\p{N} '-]+ (Club|Owners|Circle|Swap)$/u);
    expect(unheld.body.result.group.fb_group_id).toMatch(/^7\d{16}$/);
    expect(await server.db.select().from(memberships).where(eq(memberships.group_id, unheld.body.result.group.id))).toEqual([]);

    const owner = await labUser(server.db);
    const held = await lab('create_random_group', { user_id: owner.userId });
    const groupsOfOwner = (await apiAs(server.app, owner.token)('GET', '/groups')).body.groups;
    expect(groupsOfOwner.map((group: { id: number }) => group.id)).toEqual([held.body.result.group.id]);
    const [audit] = await server.db.select().from(audit_logs).where(eq(audit_logs.group_id, held.body.result.group.id));
    expect(audit).toMatchObject({ kind: 'lab_action', user_id: world.userIds.supervisor, member_id: owner.memberId, data: { action: 'create_random_group' } });

    expect((await lab('create_random_group', { user_id: 2147483647 })).status).toBe(404);
    await lab('update_user', { user_id: owner.userId, remove_profile_id: true });
    const before = await dataDigests(server.db);
    const refused = await lab('create_random_group', { user_id: owner.userId });
    expect(refused.status).toBe(409);
    expect(refused.body.error.details).toEqual({ reason: 'no_profile_id' });
    expect(await dataDigests(server.db)).toEqual(before);
  });

  it('answers 404 for a group that does not exist, and writes nothing', async () => {
    const before = await dataDigests(server.db);
    for (const [name, body] of [
      ['update_group', { is_locked: true }],
      ['update_subscription', { status: 'active' }],
      ['remove_subscription', {}],
      ['sync_subscription_fields', {}],
      ['remove_group', {}],
    ] as const) {
      expect((await lab(name, { group_id: 2147483647, ...body })).status, name).toBe(404);
    }
    expect(await dataDigests(server.db)).toEqual(before);
  });
});
