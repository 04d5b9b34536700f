import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxPayments } from '../../../server/adapters/payments/sandbox';
import { buildServer } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { groups } from '../../../server/db/schema';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/database';
import { withInsertFault } from '../support/faulty-database';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { dataDigests } from '../support/table-counts';
import { labCaller, labGroup, labUser, NOW, type LabGroup } from './lab-world';

/** The most inserts any lab action makes before its audit record, with room to spare. */
const MOST_INSERTS = 12;

/**
 * Every lab action that changes data is one transaction with its audit record: a failure at any of
 * its inserts, the audit record (its last) included, leaves every table as it was.
 */
describe.each(databaseKinds())('a lab action that fails midway on %s', (kind) => {
  let database: TestDatabase;
  let faulty: ReturnType<typeof withInsertFault>;
  let app: FastifyInstance;
  let world: RoleWorld;
  let lab: ReturnType<typeof labCaller>;
  let payments: ReturnType<typeof createSandboxPayments>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    payments = createSandboxPayments(database.db, () => NOW);
    faulty = withInsertFault(database);
    app = await buildServer({ ...loadConfig({}), appDir: undefined, logLevel: 'silent' }, { database: faulty.database, now: () => NOW, payments });
    world = await createRoleWorld(database.db);
    lab = labCaller(app, world.tokens.supervisor!);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** A group with members, posts, reactions, comments, metrics, spent removals and a subscription the provider knows. */
  async function busyGroup(): Promise<LabGroup> {
    const group = await labGroup(database.db, { subscribers: 5 });
    for (const [name, body] of [
      ['fake_posts', { count: 4 }],
      ['fake_reactions', { count: 8 }],
      ['fake_comments', { count: 8 }],
      ['fake_metrics', { days: 3 }],
      ['members_removal', { count: 3, period: 'day' }],
    ] as const) {
      expect((await lab(name, { group_id: group.groupId, ...body })).status, name).toBe(200);
    }
    const subscription = await payments.subscribe('cus_atomic', 'monthly', `atomic-${group.groupId}`);
    await database.db.update(groups).set({ stripe_subscription_id: subscription.subscriptionId, subscription_status: 'past_due' }).where(eq(groups.id, group.groupId));
    return group;
  }

  const CASES: Array<[string, (group: LabGroup) => Promise<Record<string, unknown>>]> = [
    ['update_user', async (group) => ({ user_id: group.admin.userId, is_banned: true, remove_username: true })],
    ['remove_user', async (group) => ({ user_id: group.admin.userId })],
    ['update_membership', async (group) => ({ group_id: group.groupId, member_id: group.subscriberIds[0], role: 'admin' })],
    ['remove_membership', async (group) => ({ group_id: group.groupId, member_id: group.subscriberIds[0] })],
    ['update_group', async (group) => ({ group_id: group.groupId, subscribed_plan: 'free', is_locked: true, subscribed_from: '2026-01-01' })],
    ['remove_group', async (group) => ({ group_id: group.groupId })],
    ['remove_members', async (group) => ({ group_id: group.groupId, role: 'any' })],
    ['fake_members', async (group) => ({ group_id: group.groupId, count: 20, is_banned: true })],
    ['members_removal', async (group) => ({ group_id: group.groupId, count: 5, period: 'before_week' })],
    ['members_removal_reset', async (group) => ({ group_id: group.groupId })],
    ['sync_subscription_fields', async (group) => ({ group_id: group.groupId })],
    ['update_subscription', async (group) => ({ group_id: group.groupId, status: 'canceled', days_left: 31 })],
    ['remove_subscription', async (group) => ({ group_id: group.groupId })],
    ['fake_posts', async (group) => ({ group_id: group.groupId, count: 5 })],
    ['fake_reactions', async (group) => ({ group_id: group.groupId, count: 40 })],
    ['fake_comments', async (group) => ({ group_id: group.groupId, count: 10 })],
    ['fake_metrics', async (group) => ({ group_id: group.groupId, days: 7, reverse: true })],
    ['remove_posts', async (group) => ({ group_id: group.groupId })],
    ['remove_engagements', async (group) => ({ group_id: group.groupId })],
    ['remove_metrics', async (group) => ({ group_id: group.groupId })],
    ['create_random_user', async () => ({ is_supervisor: true })],
    ['create_random_group', async () => ({ user_id: (await labUser(database.db)).userId })],
    ['create_random_member', async (group) => ({ group_id: group.groupId, role: 'admin' })],
    ['set_toggle', async () => ({ name: 'login_disabled', value: true })],
    ['remove_all_members', async () => ({ confirm: true })],
    ['remove_all_groups', async () => ({ confirm: true })],
    ['remove_all_users', async () => ({ confirm: true })],
  ];

  it.each(CASES)('%s writes nothing when any of its inserts fails, and everything once none does', async (name, bodyOf) => {
    const body = await bodyOf(await busyGroup());
    for (let inserts = 0; inserts <= MOST_INSERTS; inserts += 1) {
      const before = await dataDigests(database.db);
      faulty.crashAfterInserts(inserts);
      const response = await lab(name, body).finally(() => faulty.heal());
      if (response.status === 200) {
        expect(await dataDigests(database.db), `${name} changed nothing`).not.toEqual(before);
        return;
      }
      expect(response.status, `${name} with ${inserts} inserts let through`).toBe(500);
      expect(await dataDigests(database.db), `${name} failing after ${inserts} inserts`).toEqual(before);
    }
    throw new Error(`${name} did not succeed with ${MOST_INSERTS} inserts let through`);
  });
});
