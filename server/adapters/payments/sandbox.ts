import { randomBytes } from 'node:crypto';
import { eq, lt, lte, or } from 'drizzle-orm';
import type { AppDb } from '../../db/connect';
import {
  sandbox_answers,
  sandbox_card_tokens,
  sandbox_charges,
  sandbox_customer_defaults,
  sandbox_payment_methods,
  sandbox_subscriptions,
} from '../../db/schema';
import { PLAN_CHARGE_CENTS } from '../../../rules/prices';
import {
  callKey,
  PaymentDeclined,
  type AttachedCard,
  type PaymentsAdapter,
  type ProviderSubscription,
  type RecurringPlan,
  type TestCardDetails,
} from './payments-adapter';

export const CARD_DECLINED = 'Your card was declined.';
export const INSUFFICIENT_FUNDS = 'Your card has insufficient funds.';
export const CARD_EXPIRED = 'Your card has expired.';
export const CARD_NUMBER_INCORRECT = 'Your card number is incorrect.';
export const NO_SUCH_TOKEN = 'The card token is not known or was already used.';

interface TestCard {
  brand: string;
  /** Why the card is refused when it is tokenized; undefined tokenizes it. */
  refusedAtToken?: string;
  /** Why a charge of the tokenized card is refused; undefined charges it. */
  refusedAtCharge?: string;
}

/** Stripe's test cards the sandbox knows, by number; any other number is refused as incorrect. */
const TEST_CARDS: Record<string, TestCard> = {
  '4242424242424242': { brand: 'visa' },
  '4000000000000002': { brand: 'visa', refusedAtToken: CARD_DECLINED },
  '4000000000009995': { brand: 'visa', refusedAtCharge: INSUFFICIENT_FUNDS },
};

/** How long an unused card token or a remembered answer is kept: Stripe keeps idempotency keys for 24 hours. */
const KEPT_FOR_MS = 24 * 60 * 60_000;
/** At most this many unused card tokens are kept, the oldest forgotten first: the card form needs no sign-in. */
export const MAX_KEPT_TOKENS = 10_000;

export type SandboxPaymentsAdapter = PaymentsAdapter & Required<Pick<PaymentsAdapter, 'issueCardToken'>>;

/** A key's first answer as stored: what the call answered, or the provider's refusal. */
type StoredAnswer = { value: unknown } | { declined: string };

/** The card's expiry month has passed: a card is good until the end of its expiry month. */
function hasExpired(card: TestCardDetails, now: Date): boolean {
  const year = now.getUTCFullYear();
  return card.exp_year < year || (card.exp_year === year && card.exp_month < now.getUTCMonth() + 1);
}

function addPeriod(from: Date, plan: RecurringPlan): Date {
  const end = new Date(from);
  if (plan === 'monthly') end.setUTCMonth(end.getUTCMonth() + 1);
  else end.setUTCFullYear(end.getUTCFullYear() + 1);
  return end;
}

const newId = (prefix: string) => `${prefix}_sandbox_${randomBytes(8).toString('hex')}`;

/** A subscription as the call answered it; its date comes back from JSON as a string. */
function subscriptionOf(value: unknown): ProviderSubscription {
  const made = value as ProviderSubscription & { currentPeriodEnd: string | Date };
  return { ...made, currentPeriodEnd: new Date(made.currentPeriodEnd) };
}

/**
 * The offline payment provider: Stripe's test-card rules, its records in the database
 * (`sandbox_*` tables), so every process of the product sees the same tokens, cards,
 * subscriptions and charges. Each call that charges or changes something runs in its own
 * transaction, outside the product's (Stripe's records are outside them too), which first claims
 * the call's idempotency key in `sandbox_answers`: the same key again, from this process or
 * another, waits for the first call and gets its answer, and never charges twice. Customers it has
 * no card for (the seeded users' saved cards) pay; subscriptions are whatever the group row
 * records, so any subscription id can change plan or be cancelled, and the provider knows the
 * state only of those it made, changed or cancelled.
 */
export function createSandboxPayments(db: AppDb, now: () => Date): SandboxPaymentsAdapter {
  /** The first answer of a key: the call's work and its answer commit together, once per key. */
  async function firstAnswer<T>(key: string, work: (tx: AppDb) => Promise<T>, revive: (value: unknown) => T = (value) => value as T): Promise<T> {
    const stored = await db.transaction(async (tx): Promise<StoredAnswer> => {
      const claimed = await tx.insert(sandbox_answers).values({ key, created_at: now() }).onConflictDoNothing().returning({ key: sandbox_answers.key });
      if (claimed.length === 0) {
        const [first] = await tx.select({ answer: sandbox_answers.answer }).from(sandbox_answers).where(eq(sandbox_answers.key, key));
        return first!.answer as StoredAnswer;
      }
      let answer: StoredAnswer;
      try {
        answer = { value: (await work(tx)) ?? null };
      } catch (error) {
        if (!(error instanceof PaymentDeclined)) throw error;
        answer = { declined: error.message };
      }
      await tx.update(sandbox_answers).set({ answer }).where(eq(sandbox_answers.key, key));
      return answer;
    });
    if ('declined' in stored) throw new PaymentDeclined(stored.declined);
    return revive(stored.value);
  }

  /** Refuses the charge of the given card, else of the customer's default card, when its funds are short; a customer with neither pays (the seeded users' saved cards). */
  async function refuseShortFunds(tx: AppDb, customerId: string, paymentMethodId?: string): Promise<void> {
    const [card] = paymentMethodId
      ? await tx.select().from(sandbox_payment_methods).where(eq(sandbox_payment_methods.id, paymentMethodId))
      : await tx
          .select({ refused_at_charge: sandbox_payment_methods.refused_at_charge })
          .from(sandbox_customer_defaults)
          .innerJoin(sandbox_payment_methods, eq(sandbox_payment_methods.id, sandbox_customer_defaults.payment_method_id))
          .where(eq(sandbox_customer_defaults.customer_id, customerId));
    if (card?.refused_at_charge) throw new PaymentDeclined(card.refused_at_charge);
  }

  /** The subscription made or moved to the plan, with the invoice that charged it. */
  async function subscription(tx: AppDb, customerId: string, plan: RecurringPlan, subscriptionId: string): Promise<ProviderSubscription> {
    const at = now();
    const made = { subscriptionId, transactionId: newId('in'), status: 'active', currentPeriodEnd: addPeriod(at, plan) };
    await tx
      .insert(sandbox_subscriptions)
      .values({ id: subscriptionId, customer_id: customerId, plan, status: made.status, started_at: at, current_period_end: made.currentPeriodEnd })
      .onConflictDoUpdate({ target: sandbox_subscriptions.id, set: { plan, status: made.status, current_period_end: made.currentPeriodEnd } });
    await tx
      .insert(sandbox_charges)
      .values({ id: made.transactionId, customer_id: customerId, subscription_id: subscriptionId, amount_cents: PLAN_CHARGE_CENTS[plan], created_at: at });
    return made;
  }

  return {
    async issueCardToken(card) {
      const known = TEST_CARDS[card.number];
      const at = now();
      if (!known) throw new PaymentDeclined(CARD_NUMBER_INCORRECT);
      if (hasExpired(card, at)) throw new PaymentDeclined(CARD_EXPIRED);
      if (known.refusedAtToken) throw new PaymentDeclined(known.refusedAtToken);
      const token = newId('tok');
      const summary = { brand: known.brand, last4: card.number.slice(-4) };
      const oldest = new Date(at.getTime() - KEPT_FOR_MS);
      await db.delete(sandbox_answers).where(lt(sandbox_answers.created_at, oldest));
      const [issued] = await db
        .insert(sandbox_card_tokens)
        .values({ token, ...summary, refused_at_charge: known.refusedAtCharge ?? null, created_at: at })
        .returning({ seq: sandbox_card_tokens.seq });
      await db.delete(sandbox_card_tokens).where(or(lt(sandbox_card_tokens.created_at, oldest), lte(sandbox_card_tokens.seq, issued!.seq - MAX_KEPT_TOKENS)));
      return { token, ...summary };
    },

    createCustomer(_customer, idempotencyKey) {
      return firstAnswer(callKey(idempotencyKey, 'customer'), async () => newId('cus'));
    },

    attachCard(customerId, token, idempotencyKey) {
      return firstAnswer(callKey(idempotencyKey, 'card'), async (tx): Promise<AttachedCard> => {
        const [card] = await tx.delete(sandbox_card_tokens).where(eq(sandbox_card_tokens.token, token)).returning();
        if (!card || card.created_at.getTime() < now().getTime() - KEPT_FOR_MS) throw new PaymentDeclined(NO_SUCH_TOKEN);
        const paymentMethodId = newId('pm');
        await tx
          .insert(sandbox_payment_methods)
          .values({ id: paymentMethodId, customer_id: customerId, brand: card.brand, last4: card.last4, refused_at_charge: card.refused_at_charge, created_at: now() });
        return { paymentMethodId, brand: card.brand, last4: card.last4 };
      });
    },

    makeDefaultCard(customerId, paymentMethodId, idempotencyKey) {
      return firstAnswer(callKey(idempotencyKey, 'card-default'), async (tx) => {
        const [card] = await tx.select({ id: sandbox_payment_methods.id }).from(sandbox_payment_methods).where(eq(sandbox_payment_methods.id, paymentMethodId));
        if (!card) throw new Error(`the sandbox has no payment method ${paymentMethodId}`);
        await tx
          .insert(sandbox_customer_defaults)
          .values({ customer_id: customerId, payment_method_id: paymentMethodId })
          .onConflictDoUpdate({ target: sandbox_customer_defaults.customer_id, set: { payment_method_id: paymentMethodId } });
      });
    },

    subscribe(customerId, plan, idempotencyKey, paymentMethodId) {
      return firstAnswer(
        callKey(idempotencyKey, 'subscription'),
        async (tx) => {
          await refuseShortFunds(tx, customerId, paymentMethodId);
          return subscription(tx, customerId, plan, newId('sub'));
        },
        subscriptionOf,
      );
    },

    chargeOnce(customerId, amountCents, idempotencyKey, paymentMethodId) {
      return firstAnswer(callKey(idempotencyKey, 'charge'), async (tx) => {
        await refuseShortFunds(tx, customerId, paymentMethodId);
        const id = newId('ch');
        await tx.insert(sandbox_charges).values({ id, customer_id: customerId, subscription_id: null, amount_cents: amountCents, created_at: now() });
        return id;
      });
    },

    cancelSubscription(subscriptionId, idempotencyKey) {
      return firstAnswer(callKey(idempotencyKey, 'cancel'), async (tx) => {
        await tx.update(sandbox_subscriptions).set({ status: 'canceled', current_period_end: now() }).where(eq(sandbox_subscriptions.id, subscriptionId));
      });
    },

    changePlan({ subscriptionId, customerId }, plan, idempotencyKey) {
      return firstAnswer(
        callKey(idempotencyKey, 'subscription'),
        async (tx) => {
          await refuseShortFunds(tx, customerId);
          return subscription(tx, customerId, plan, subscriptionId);
        },
        subscriptionOf,
      );
    },

    async readSubscription(subscriptionId) {
      const [known] = await db.select().from(sandbox_subscriptions).where(eq(sandbox_subscriptions.id, subscriptionId));
      if (!known) return null;
      return { plan: known.plan, status: known.status, startedAt: known.started_at, currentPeriodEnd: known.current_period_end, trialEndsAt: null };
    },
  };
}
