import { randomBytes } from 'node:crypto';
import {
  callKey,
  PaymentDeclined,
  type CardSummary,
  type PaymentsAdapter,
  type ProviderSubscription,
  type RecurringPlan,
  type SubscriptionState,
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

/** How long an unused card token or a remembered answer is kept; Stripe's own tokens are short-lived too. */
const KEPT_FOR_MS = 24 * 60 * 60_000;
/** At most this many of each are kept, the oldest forgotten first: the card form needs no sign-in. */
const MAX_KEPT = 10_000;

interface StoredCard extends CardSummary {
  refusedAtCharge?: string;
}

export type SandboxPaymentsAdapter = PaymentsAdapter & Required<Pick<PaymentsAdapter, 'issueCardToken'>>;

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

/**
 * The offline payment provider: Stripe's test-card rules, records kept in memory. Customers it
 * has no card for (the seeded users' saved cards) pay; subscriptions are whatever the group row
 * records, so any subscription id can change plan or be cancelled, and the provider knows the state
 * only of those it made, changed or cancelled since it started. Answers are remembered by
 * idempotency key.
 */
export function createSandboxPayments(now: () => Date): SandboxPaymentsAdapter {
  const tokens = new Map<string, StoredCard & { at: number }>();
  /** Attached cards by payment method id, and each customer's default card. */
  const methods = new Map<string, StoredCard>();
  const defaults = new Map<string, StoredCard>();
  const answers = new Map<string, { at: number; answer: Promise<unknown> }>();
  const subscriptions = new Map<string, SubscriptionState>();

  /** Makes room for one more: the oldest go first (a Map keeps the order they came in), while too old or too many. */
  function forgetOld() {
    const oldest = now().getTime() - KEPT_FOR_MS;
    for (const kept of [tokens, answers] as Array<Map<string, { at: number }>>) {
      for (const [key, entry] of kept) {
        if (kept.size < MAX_KEPT && entry.at >= oldest) break;
        kept.delete(key);
      }
    }
  }

  /** The first answer of a key, also while it is still being worked out. */
  function firstAnswer<T>(key: string, work: () => T): Promise<T> {
    forgetOld();
    const known = answers.get(key);
    if (known) return known.answer as Promise<T>;
    const answer = Promise.resolve().then(work);
    answers.set(key, { at: now().getTime(), answer });
    return answer;
  }

  /** Charges the given card, else the customer's default card; a customer with neither pays (the seeded users' saved cards). */
  function charge(customerId: string, paymentMethodId?: string) {
    const card = paymentMethodId ? methods.get(paymentMethodId) : defaults.get(customerId);
    const refusal = card?.refusedAtCharge;
    if (refusal) throw new PaymentDeclined(refusal);
  }

  function subscription(plan: RecurringPlan, subscriptionId: string): ProviderSubscription {
    const made = { subscriptionId, transactionId: newId('in'), status: 'active', currentPeriodEnd: addPeriod(now(), plan) };
    const startedAt = subscriptions.get(subscriptionId)?.startedAt ?? now();
    subscriptions.set(subscriptionId, { plan, status: made.status, startedAt, currentPeriodEnd: made.currentPeriodEnd, trialEndsAt: null });
    return made;
  }

  return {
    issueCardToken(card) {
      const known = TEST_CARDS[card.number];
      if (!known) throw new PaymentDeclined(CARD_NUMBER_INCORRECT);
      if (hasExpired(card, now())) throw new PaymentDeclined(CARD_EXPIRED);
      if (known.refusedAtToken) throw new PaymentDeclined(known.refusedAtToken);
      forgetOld();
      const token = newId('tok');
      const summary = { brand: known.brand, last4: card.number.slice(-4) };
      tokens.set(token, { ...summary, refusedAtCharge: known.refusedAtCharge, at: now().getTime() });
      return { token, ...summary };
    },

    createCustomer(_customer, idempotencyKey) {
      return firstAnswer(callKey(idempotencyKey, 'customer'), () => newId('cus'));
    },

    attachCard(_customerId, token, idempotencyKey) {
      return firstAnswer(callKey(idempotencyKey, 'card'), () => {
        const card = tokens.get(token);
        if (!card) throw new PaymentDeclined(NO_SUCH_TOKEN);
        tokens.delete(token);
        const paymentMethodId = newId('pm');
        methods.set(paymentMethodId, { brand: card.brand, last4: card.last4, refusedAtCharge: card.refusedAtCharge });
        return { paymentMethodId, brand: card.brand, last4: card.last4 };
      });
    },

    makeDefaultCard(customerId, paymentMethodId, idempotencyKey) {
      return firstAnswer(callKey(idempotencyKey, 'card-default'), () => {
        const card = methods.get(paymentMethodId);
        if (!card) throw new Error(`the sandbox has no payment method ${paymentMethodId}`);
        defaults.set(customerId, card);
      });
    },

    subscribe(customerId, plan, idempotencyKey, paymentMethodId) {
      return firstAnswer(callKey(idempotencyKey, 'subscription'), () => {
        charge(customerId, paymentMethodId);
        return subscription(plan, newId('sub'));
      });
    },

    chargeOnce(customerId, _amountCents, idempotencyKey, paymentMethodId) {
      return firstAnswer(callKey(idempotencyKey, 'charge'), () => {
        charge(customerId, paymentMethodId);
        return newId('ch');
      });
    },

    cancelSubscription(subscriptionId, idempotencyKey) {
      return firstAnswer(callKey(idempotencyKey, 'cancel'), () => {
        const known = subscriptions.get(subscriptionId);
        if (known) subscriptions.set(subscriptionId, { ...known, status: 'canceled', currentPeriodEnd: now() });
      });
    },

    changePlan({ subscriptionId, customerId }, plan, idempotencyKey) {
      return firstAnswer(callKey(idempotencyKey, 'subscription'), () => {
        charge(customerId);
        return subscription(plan, subscriptionId);
      });
    },

    async readSubscription(subscriptionId) {
      const known = subscriptions.get(subscriptionId);
      return known ? { ...known } : null;
    },
  };
}
