import { eq, sql } from 'drizzle-orm';
import { PaymentDeclined, type AttachedCard, type CardSummary, type PaymentsAdapter, type SubscriptionEvent } from '../adapters/payments';
import { GROUP_LIMITS_BY_PLAN } from '../db/group-defaults';
import type { AuditLogKind } from '../db/enums';
import { groups, users } from '../db/schema';
import { PLAN_CHARGE_CENTS, type PaidPlan } from '../../rules/prices';
import { isPaidPlan, type SubscribedPlan } from '../../rules/plans';
import type { AppDb } from '../db/connect';
import { recordAudit } from './audit';
import { changeGroupFlags } from './group-flags';
import { abandonLease, claimKey, LeaseLost, releaseKey, storeAnswer, type IdempotencyClaim, type Lease } from './idempotency';
import { findGroup } from './held-groups';
import { findUser, type UserRow } from './users';

/** A payment of one user on one group. */
interface Payment {
  groupId: number;
  userId: number;
  ip: string;
  at: Date;
}

/** A payment attempt: the payment with its Idempotency-Key. */
interface Attempt extends Payment {
  claim: IdempotencyClaim;
}

interface PlanPurchase extends Payment {
  plan: PaidPlan;
  /** A card token; it becomes the user's saved card. */
  token?: string;
}

interface CardChange extends Payment {
  token: string;
}

export type PurchaseRequest = PlanPurchase & Attempt;
export type CardChangeRequest = CardChange & Attempt;

/** What an attempt asks, as its key keeps it: whoever resumes an abandoned attempt asks the same. */
type AskedAttempt =
  | { kind: 'purchase'; groupId: number; ip: string; plan: PaidPlan; token?: string }
  | { kind: 'upgrade'; groupId: number; ip: string }
  | { kind: 'cardChange'; groupId: number; ip: string; token: string };

export type PaymentRefusal =
  /** The key was first sent with another request, or that request is still being answered. */
  | 'other_request'
  | 'in_progress'
  /** Another purchase or upgrade of the group is being answered. */
  | 'purchase_in_progress'
  /** Another card change of the user is being answered. */
  | 'card_change_in_progress'
  /** No card token and no saved card. */
  | 'no_card'
  /** The group's paid plan is in force: nothing to buy. */
  | 'already_paid'
  /** Only a monthly group upgrades. */
  | 'not_monthly'
  | 'not_found';

export type Charged = { paid: { transactionId: string; total: number } };
export type CardSaved = { saved: CardSummary };
export type Declined = { declined: string };
export type PaymentOutcome<Success> = Success | Declined | { refused: PaymentRefusal };

/**
 * A group's paid plan is in force unless the group is locked: a locked group (its payment failed,
 * its subscription ended) buys a plan again to be unlocked.
 */
export function planInForce(group: { subscribed_plan: SubscribedPlan; is_locked: boolean }): boolean {
  return isPaidPlan(group.subscribed_plan) && !group.is_locked;
}

/**
 * Runs the attempt while it holds its key. A refusal before the provider gives the key back; an
 * attempt taken over by a later request (its lease ran out) writes nothing and answers that it is
 * in progress; an unexpected failure ends the lease, so the next request resumes the attempt.
 */
async function whileHeld<Success extends object>(
  db: AppDb,
  lease: Lease,
  at: Date,
  attempt: () => Promise<PaymentOutcome<Success>>,
): Promise<PaymentOutcome<Success>> {
  try {
    const outcome = await attempt();
    if ('refused' in outcome) await releaseKey(db, lease);
    return outcome;
  } catch (error) {
    if (error instanceof LeaseLost) return { refused: 'in_progress' };
    await abandonLease(db, lease, at);
    throw error;
  }
}

/**
 * Runs a payment attempt once per key, and one at a time per group (purchase, upgrade) or user
 * (card change): a key already answered gets its stored answer, and a second attempt while one is
 * running is refused. An attempt abandoned past its lease is resumed: by the same key, as this
 * request; by another, it is finished first with what it asked and the provider key it used, so
 * a charge made before a crash is never made twice.
 */
async function oncePerKey<Success extends object>(
  db: AppDb,
  payments: PaymentsAdapter,
  request: Attempt,
  asked: AskedAttempt,
  attempt: (lease: Lease) => Promise<PaymentOutcome<Success>>,
): Promise<PaymentOutcome<Success>> {
  const on = asked.kind === 'cardChange' ? `user:${request.userId}` : `group:${request.groupId}`;
  for (;;) {
    const claimed = await claimKey(db, request.claim, { on, request: asked }, request.at);
    if ('refused' in claimed) {
      if (claimed.refused !== 'attempt_in_progress') return { refused: claimed.refused };
      return { refused: asked.kind === 'cardChange' ? 'card_change_in_progress' : 'purchase_in_progress' };
    }
    if ('stored' in claimed) return claimed.stored.answer as PaymentOutcome<Success>;
    if ('abandoned' in claimed) {
      await finishAbandoned(db, payments, claimed.abandoned, request.at);
      continue;
    }
    const { held } = claimed;
    return whileHeld(db, held, request.at, () => attempt(held));
  }
}

/** Finishes another key's abandoned attempt with what it asked, as its own request would have. */
async function finishAbandoned(db: AppDb, payments: PaymentsAdapter, lease: Lease, at: Date): Promise<void> {
  const asked = lease.request as AskedAttempt;
  const request = { groupId: asked.groupId, userId: lease.claim.userId, ip: asked.ip, at };
  if (asked.kind === 'purchase') await whileHeld(db, lease, at, () => buyPlan(db, payments, { ...request, plan: asked.plan, token: asked.token }, lease));
  else if (asked.kind === 'upgrade') await whileHeld(db, lease, at, () => upgradeHeld(db, payments, request, lease));
  else await whileHeld(db, lease, at, () => changeCardHeld(db, payments, { ...request, token: asked.token }, lease));
}

async function keepAnswer(tx: AppDb, lease: Lease, outcome: Charged | CardSaved | Declined): Promise<void> {
  await storeAnswer(tx, lease, { status: 'declined' in outcome ? 402 : 200, answer: outcome });
}

/**
 * The customer the user pays as at the provider. The first time, a new one, saved at once so that
 * a declined attempt does not leave it behind: the next attempt pays as the same customer.
 */
async function customerOf(db: AppDb, payments: PaymentsAdapter, user: UserRow, key: string): Promise<string> {
  if (user.stripe_customer_id) return user.stripe_customer_id;
  const created = await payments.createCustomer({ userId: user.id, name: user.name, email: user.email }, key);
  const [saved] = await db
    .update(users)
    .set({ stripe_customer_id: sql`coalesce(${users.stripe_customer_id}, ${created})` })
    .where(eq(users.id, user.id))
    .returning({ customerId: users.stripe_customer_id });
  return saved?.customerId ?? created;
}

/** A declined payment: the error audited and the group's count_payment_error raised by one, nothing else. */
async function recordDecline(db: AppDb, attempt: Payment, lease: Lease, kinds: AuditLogKind[], message: string): Promise<Declined> {
  const outcome = { declined: message };
  await db.transaction(async (tx) => {
    await keepAnswer(tx, lease, outcome);
    const flags = await changeGroupFlags(tx, attempt.groupId, { count_payment_error: 1 }, attempt.at);
    const count = flags?.count_payment_error ?? 0;
    const counted = { count_payment_error: [count - 1, count] as [number, number] };
    for (const kind of kinds) {
      const data = kind === 'subscription_error' ? { ip: attempt.ip, diff: counted } : { ip: attempt.ip };
      await recordAudit(tx, { kind, userId: attempt.userId, groupId: attempt.groupId, data, at: attempt.at });
    }
  });
  return outcome;
}

/**
 * Buys a plan for a group (spec part 1 §4, part 2 §7): the plan's subscription (monthly, annual)
 * or lifetime charge (once) is paid with the new card, else the saved one; the new card becomes
 * the user's saved card only once it has paid. A locked group's old subscription is cancelled
 * before the new charge, so its unpaid invoice is not collected beside it. The group's plan,
 * status, dates and limits change and its lock is lifted in one transaction with the
 * subscription_attempt and subscription_success audits and the key's answer. Whether the plan is
 * already paid is read once the attempt holds the group, so of concurrent purchases one charges.
 */
export async function purchasePlan(db: AppDb, payments: PaymentsAdapter, request: PurchaseRequest): Promise<PaymentOutcome<Charged>> {
  const asked: AskedAttempt = { kind: 'purchase', groupId: request.groupId, ip: request.ip, plan: request.plan, token: request.token };
  return oncePerKey(db, payments, request, asked, (lease) => buyPlan(db, payments, request, lease));
}

async function buyPlan(db: AppDb, payments: PaymentsAdapter, request: PlanPurchase, lease: Lease): Promise<PaymentOutcome<Charged>> {
  const group = await findGroup(db, request.groupId);
  const user = await findUser(db, request.userId);
  if (!group || !user) return { refused: 'not_found' };
  if (planInForce(group)) return { refused: 'already_paid' };
  if (!request.token && !user.card_exists) return { refused: 'no_card' };
  const key = lease.providerKey;
  let customerId: string;
  let card: AttachedCard | null = null;
  let subscription: { id: string | null; status: string; endsAt: Date | null; transactionId: string };
  try {
    customerId = await customerOf(db, payments, user, key);
    if (request.token) card = await payments.attachCard(customerId, request.token, key);
    if (group.stripe_subscription_id) await payments.cancelSubscription(group.stripe_subscription_id, key);
    if (request.plan === 'once') {
      const transactionId = await payments.chargeOnce(customerId, PLAN_CHARGE_CENTS.once, key, card?.paymentMethodId);
      subscription = { id: null, status: 'active', endsAt: null, transactionId };
    } else {
      const made = await payments.subscribe(customerId, request.plan, key, card?.paymentMethodId);
      subscription = { id: made.subscriptionId, status: made.status, endsAt: made.currentPeriodEnd, transactionId: made.transactionId };
    }
  } catch (error) {
    if (error instanceof PaymentDeclined) return recordDecline(db, request, lease, ['subscription_attempt', 'subscription_error'], error.message);
    throw error;
  }
  if (card) await payments.makeDefaultCard(customerId, card.paymentMethodId, key);
  const outcome: Charged = { paid: { transactionId: subscription.transactionId, total: PLAN_CHARGE_CENTS[request.plan] } };
  await db.transaction(async (tx) => {
    await keepAnswer(tx, lease, outcome);
    await saveCard(tx, user.id, card, request.at);
    await tx
      .update(groups)
      .set({
        subscribed_plan: request.plan,
        subscription_status: subscription.status,
        subscribed_from_at: request.at,
        subscription_ends_at: subscription.endsAt,
        stripe_subscription_id: subscription.id,
        is_locked: false,
        limits: GROUP_LIMITS_BY_PLAN[request.plan],
        updated_at: request.at,
      })
      .where(eq(groups.id, request.groupId));
    const diff = {
      subscribed_plan: [group.subscribed_plan, request.plan] as [string, string],
      ...(group.is_locked ? { is_locked: [true, false] as [boolean, boolean] } : {}),
    };
    await recordAudit(tx, { kind: 'subscription_attempt', userId: user.id, groupId: group.id, data: { ip: request.ip }, at: request.at });
    await recordAudit(tx, { kind: 'subscription_success', userId: user.id, groupId: group.id, data: { ip: request.ip, diff }, at: request.at });
  });
  return outcome;
}

/**
 * Moves a monthly group to the annual plan with the user's saved card; the provider charges the
 * prorated difference. Plan, status and end change and the lock is lifted in one transaction with
 * the subscription_upgrade audit and the key's answer. It holds the group as a purchase does.
 */
export async function upgradeToAnnual(db: AppDb, payments: PaymentsAdapter, request: Attempt): Promise<PaymentOutcome<Charged>> {
  const asked: AskedAttempt = { kind: 'upgrade', groupId: request.groupId, ip: request.ip };
  return oncePerKey(db, payments, request, asked, (lease) => upgradeHeld(db, payments, request, lease));
}

async function upgradeHeld(db: AppDb, payments: PaymentsAdapter, request: Payment, lease: Lease): Promise<PaymentOutcome<Charged>> {
  const group = await findGroup(db, request.groupId);
  const user = await findUser(db, request.userId);
  if (!group || !user) return { refused: 'not_found' };
  if (group.subscribed_plan !== 'monthly' || !group.stripe_subscription_id) return { refused: 'not_monthly' };
  if (!user.card_exists || !user.stripe_customer_id) return { refused: 'no_card' };
  let changed;
  try {
    changed = await payments.changePlan(
      { subscriptionId: group.stripe_subscription_id, customerId: user.stripe_customer_id },
      'annual',
      lease.providerKey,
    );
  } catch (error) {
    if (error instanceof PaymentDeclined) return recordDecline(db, request, lease, ['subscription_error'], error.message);
    throw error;
  }
  const outcome: Charged = { paid: { transactionId: changed.transactionId, total: PLAN_CHARGE_CENTS.annual } };
  await db.transaction(async (tx) => {
    await keepAnswer(tx, lease, outcome);
    await tx
      .update(groups)
      .set({
        subscribed_plan: 'annual',
        subscription_status: changed.status,
        subscription_ends_at: changed.currentPeriodEnd,
        stripe_subscription_id: changed.subscriptionId,
        is_locked: false,
        limits: GROUP_LIMITS_BY_PLAN.annual,
        updated_at: request.at,
      })
      .where(eq(groups.id, request.groupId));
    const diff = {
      subscribed_plan: ['monthly', 'annual'] as [string, string],
      ...(group.is_locked ? { is_locked: [true, false] as [boolean, boolean] } : {}),
    };
    await recordAudit(tx, { kind: 'subscription_upgrade', userId: user.id, groupId: group.id, data: { ip: request.ip, diff }, at: request.at });
  });
  return outcome;
}

/**
 * Saves a new card as the user's default payment method, with the card_updated audit, in one
 * transaction; one card change of a user at a time. A refused card changes nothing.
 */
export async function changeCard(db: AppDb, payments: PaymentsAdapter, request: CardChangeRequest): Promise<PaymentOutcome<CardSaved>> {
  const asked: AskedAttempt = { kind: 'cardChange', groupId: request.groupId, ip: request.ip, token: request.token };
  return oncePerKey(db, payments, request, asked, (lease) => changeCardHeld(db, payments, request, lease));
}

async function changeCardHeld(db: AppDb, payments: PaymentsAdapter, request: CardChange, lease: Lease): Promise<PaymentOutcome<CardSaved>> {
  const user = await findUser(db, request.userId);
  if (!user) return { refused: 'not_found' };
  const key = lease.providerKey;
  let customerId: string;
  let card: AttachedCard;
  try {
    customerId = await customerOf(db, payments, user, key);
    card = await payments.attachCard(customerId, request.token, key);
  } catch (error) {
    if (!(error instanceof PaymentDeclined)) throw error;
    const outcome = { declined: error.message };
    await keepAnswer(db, lease, outcome);
    return outcome;
  }
  await payments.makeDefaultCard(customerId, card.paymentMethodId, key);
  const outcome: CardSaved = { saved: { brand: card.brand, last4: card.last4 } };
  await db.transaction(async (tx) => {
    await keepAnswer(tx, lease, outcome);
    await saveCard(tx, user.id, card, request.at);
    const diff = { card_last4: [user.card_last4, card.last4] as [string | null, string] };
    await recordAudit(tx, { kind: 'card_updated', userId: user.id, groupId: request.groupId, data: { ip: request.ip, diff }, at: request.at });
  });
  return outcome;
}

/** The card that has just paid becomes the user's saved card. */
async function saveCard(tx: AppDb, userId: number, card: CardSummary | null, at: Date): Promise<void> {
  if (!card) return;
  await tx
    .update(users)
    .set({ card_exists: true, card_brand: card.brand, card_last4: card.last4, updated_at: at })
    .where(eq(users.id, userId));
}

/** Statuses that lock the group (its payment failed or its subscription ended), and those that unlock it; others leave the lock as it is. */
const LOCKING_STATUSES: ReadonlySet<string> = new Set(['past_due', 'unpaid', 'canceled', 'incomplete_expired']);
const UNLOCKING_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing']);

/** Whether a group whose subscription takes this status is locked: the provider's word on it, else the lock as it is. */
export function lockFollowingStatus(status: string, isLocked: boolean): boolean {
  if (LOCKING_STATUSES.has(status)) return true;
  return UNLOCKING_STATUSES.has(status) ? false : isLocked;
}

function auditKindOf(event: SubscriptionEvent): AuditLogKind {
  if (event.kind === 'deleted') return 'subscription_cancel';
  return LOCKING_STATUSES.has(event.status) ? 'subscription_error' : 'subscription_success';
}

/**
 * The provider's word on a subscription (live mode webhook): the status, the end of the paid
 * period and the lock of the group holding it change in one transaction with their audit record.
 * False when no group holds the subscription; an event that changes nothing (a redelivery) writes nothing.
 */
export async function applySubscriptionEvent(db: AppDb, event: SubscriptionEvent, at: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [group] = await tx.select().from(groups).where(eq(groups.stripe_subscription_id, event.subscriptionId)).for('update');
    if (!group) return false;
    const isLocked = lockFollowingStatus(event.status, group.is_locked);
    const endsAt = event.periodEnd ?? group.subscription_ends_at;
    const diff: Record<string, [unknown, unknown]> = {};
    if (group.subscription_status !== event.status) diff.subscription_status = [group.subscription_status, event.status];
    if (group.subscription_ends_at?.getTime() !== endsAt?.getTime()) diff.subscription_ends_at = [group.subscription_ends_at, endsAt];
    if (group.is_locked !== isLocked) diff.is_locked = [group.is_locked, isLocked];
    if (Object.keys(diff).length === 0) return true;
    await tx
      .update(groups)
      .set({ subscription_status: event.status, subscription_ends_at: endsAt, is_locked: isLocked, updated_at: at })
      .where(eq(groups.id, group.id));
    await recordAudit(tx, { kind: auditKindOf(event), userId: null, groupId: group.id, data: { diff }, at });
    return true;
  });
}
