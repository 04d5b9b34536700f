import { randomUUID } from 'node:crypto';
import { eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PaymentsAdapter } from '../../../server/adapters/payments';
import { createSandboxPayments } from '../../../server/adapters/payments/sandbox';
import type { AppDb } from '../../../server/db/connect';
import { audit_logs, groups, idempotency_keys, users } from '../../../server/db/schema';
import type { SubscribedPlan } from '../../../rules/plans';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { DatabaseKind } from '../../../server/db/connect';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { bearer } from '../support/sandbox-session';
import { createTestServer, type TestServer } from '../support/test-server';
import { SPEC_SYNC_LIMITS_BY_PLAN } from '../../support/spec-numbers';

/** The server's clock in these tests: card expiries are judged against it. */
export const NOW = new Date('2026-11-25T10:00:00.000Z');

export const CARDS = {
  visa: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

/** The calls of the provider that charge or change something, counted. */
export const NO_CHARGES = { subscribe: 0, chargeOnce: 0, changePlan: 0, attachCard: 0, makeDefaultCard: 0 };

/** The sandbox provider on the database, counting the calls that charge and remembering the subscriptions it cancels. */
export function countingPayments(db: AppDb, now: () => Date = () => NOW) {
  const sandbox = createSandboxPayments(db, now);
  const charges = { ...NO_CHARGES };
  const cancelled: string[] = [];
  const payments: PaymentsAdapter = {
    ...sandbox,
    subscribe: (...args) => {
      charges.subscribe += 1;
      return sandbox.subscribe(...args);
    },
    chargeOnce: (...args) => {
      charges.chargeOnce += 1;
      return sandbox.chargeOnce(...args);
    },
    changePlan: (...args) => {
      charges.changePlan += 1;
      return sandbox.changePlan(...args);
    },
    attachCard: (...args) => {
      charges.attachCard += 1;
      return sandbox.attachCard(...args);
    },
    makeDefaultCard: (...args) => {
      charges.makeDefaultCard += 1;
      return sandbox.makeDefaultCard(...args);
    },
    cancelSubscription: (subscriptionId, key) => {
      cancelled.push(subscriptionId);
      return sandbox.cancelSubscription(subscriptionId, key);
    },
  };
  return { payments, charges, cancelled };
}

/** A card token from the sandbox's card form endpoint. */
export async function cardToken(app: FastifyInstance, number: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/sandbox/payments/card_tokens',
    payload: { number, exp_month: 12, exp_year: NOW.getUTCFullYear() + 2, cvc: '123' },
  });
  if (response.statusCode !== 201) throw new Error(`tokenizing ${number} answered ${response.statusCode} ${response.body}`);
  return response.json().token;
}

export interface PaymentCall {
  method: 'POST' | 'PUT';
  url: string;
  token: string;
  body: object;
  key?: string;
}

export function paymentCall(app: FastifyInstance, call: PaymentCall) {
  return app.inject({
    method: call.method,
    url: `/api/v1${call.url}`,
    headers: { ...bearer(call.token), 'idempotency-key': call.key ?? randomUUID() },
    payload: call.body,
  });
}

type GroupState = { plan: SubscribedPlan; locked?: boolean; subscriptionId?: string | null; status?: string | null };
type CardState = { brand: string; last4: string } | null;

/** Puts a group on a plan, as a purchase or the seed would have left it. */
export async function setGroup(db: AppDb, groupId: number, state: GroupState) {
  await db
    .update(groups)
    .set({
      subscribed_plan: state.plan,
      limits: SPEC_SYNC_LIMITS_BY_PLAN[state.plan],
      is_locked: state.locked ?? false,
      stripe_subscription_id: state.subscriptionId ?? null,
      subscription_status: state.status ?? null,
      subscribed_from_at: null,
      subscription_ends_at: null,
      flags: { checkbox_payment_terms_accept: true, count_payment_error: 0 },
    })
    .where(eq(groups.id, groupId));
}

/** Gives a user a saved card (and a customer at the provider), or takes it away. */
export async function setCard(db: AppDb, userId: number, card: CardState) {
  await db
    .update(users)
    .set(
      card
        ? { card_exists: true, card_brand: card.brand, card_last4: card.last4, stripe_customer_id: `cus_sandbox_user${userId}` }
        : { card_exists: false, card_brand: null, card_last4: null, stripe_customer_id: null },
    )
    .where(eq(users.id, userId));
}

export async function groupRow(db: AppDb, groupId: number) {
  const [row] = await db.select().from(groups).where(eq(groups.id, groupId));
  return row!;
}

export async function userRow(db: AppDb, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row!;
}

/** The audit kinds recorded for a group, oldest first. */
export async function auditKinds(db: AppDb, groupId: number, kinds?: string[]): Promise<string[]> {
  const rows = await db
    .select({ kind: audit_logs.kind })
    .from(audit_logs)
    .where(eq(audit_logs.group_id, groupId))
    .orderBy(audit_logs.id);
  return rows.map((row) => row.kind).filter((kind) => !kinds || kinds.includes(kind));
}

/** What the sandbox provider has made: its charges and its subscriptions, counted in its tables. */
export async function providerCounts(db: AppDb): Promise<{ charges: number; subscriptions: number }> {
  const { rows } = await db.execute<{ charges: number; subscriptions: number }>(
    sql`SELECT (SELECT count(*)::int FROM sandbox_charges) AS charges, (SELECT count(*)::int FROM sandbox_subscriptions) AS subscriptions`,
  );
  return rows[0]!;
}

/** Ends the lease of every unanswered key, as time passing after a crash would. */
export async function expireLeases(db: AppDb): Promise<number> {
  const expired = await db
    .update(idempotency_keys)
    .set({ leased_until: new Date(NOW.getTime() - 1) })
    .where(isNull(idempotency_keys.status_code))
    .returning({ key: idempotency_keys.key });
  return expired.length;
}

export interface BillingSuite {
  server: TestServer;
  world: RoleWorld;
  charges: typeof NO_CHARGES;
  cancelled: string[];
  /** A payment call of the group's admin on the world's group: `path` follows /groups/{id}. */
  call(method: PaymentCall['method'], path: string, body: object, key?: string): ReturnType<typeof paymentCall>;
}

/**
 * A server on the counting sandbox provider with the role world, started once for the suite.
 * Before each test the world's group and its admin's saved card are put back as `reset` says,
 * and the counts are zeroed.
 */
export function billingSuite(kind: DatabaseKind, reset: { group: GroupState; card: CardState }): BillingSuite {
  const suite = { charges: { ...NO_CHARGES }, cancelled: [] as string[] } as BillingSuite;
  suite.call = (method, path, body, key) =>
    paymentCall(suite.server.app, { method, url: `/groups/${suite.world.group.id}${path}`, token: suite.world.tokens.groupAdmin!, body, key });
  beforeAll(async () => {
    const payments = (db: AppDb) => {
      const counting = countingPayments(db);
      Object.assign(suite, { charges: counting.charges, cancelled: counting.cancelled });
      return counting.payments;
    };
    suite.server = await createTestServer(kind, {}, { payments, now: () => NOW });
    suite.world = await createRoleWorld(suite.server.db);
  });
  afterAll(async () => suite.server?.close());
  beforeEach(async () => {
    await setGroup(suite.server.db, suite.world.group.id, reset.group);
    await setCard(suite.server.db, suite.world.userIds.groupAdmin, reset.card);
    Object.assign(suite.charges, NO_CHARGES);
    suite.cancelled.length = 0;
  });
  return suite;
}
