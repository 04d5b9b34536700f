import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PaymentsAdapter } from '../../../server/adapters/payments';
import { createSandboxPayments } from '../../../server/adapters/payments/sandbox';
import type { AppDb } from '../../../server/db/connect';
import { audit_logs, groups, users } from '../../../server/db/schema';
import type { SubscribedPlan } from '../../../rules/plans';
import { bearer } from '../support/sandbox-session';

/** The server's clock in these tests: card expiries are judged against it. */
export const NOW = new Date('2026-11-25T10:00:00.000Z');

export const CARDS = {
  visa: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

/** The calls of the provider that charge or change something, counted. */
export const NO_CHARGES = { subscribe: 0, chargeOnce: 0, changePlan: 0, attachCard: 0, makeDefaultCard: 0 };

/** The sandbox provider, counting the calls that charge and remembering the subscriptions it cancels. */
export function countingPayments(now: () => Date = () => NOW) {
  const sandbox = createSandboxPayments(now);
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

/** Puts a group on a plan, as a purchase or the seed would have left it. */
export async function setGroup(
  db: AppDb,
  groupId: number,
  state: { plan: SubscribedPlan; locked?: boolean; subscriptionId?: string | null; status?: string | null },
) {
  await db
    .update(groups)
    .set({
      subscribed_plan: state.plan,
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
export async function setCard(db: AppDb, userId: number, card: { brand: string; last4: string } | null) {
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
