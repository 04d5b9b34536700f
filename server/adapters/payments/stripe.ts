import Stripe from 'stripe';
import {
  callKey,
  PaymentDeclined,
  WebhookRefused,
  type PaymentsAdapter,
  type ProviderSubscription,
  type RecurringPlan,
  type SubscriptionEvent,
} from './payments-adapter';

export interface StripePaymentsOptions {
  secretKey?: string;
  priceIds: { monthly?: string; annual?: string };
  webhookSecret?: string;
  /** Where Stripe's API answers; tests point it at a local fake server. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
  /** Retries of a failed request; they carry the same idempotency key, so they never charge twice. */
  maxNetworkRetries?: number;
}

/**
 * Each request to Stripe is given up after this long, and tried at most three times (the default
 * retries), so a payment attempt ends well within its lease (`LEASE_MS`, server/domain/idempotency.ts).
 */
const REQUEST_TIMEOUT_MS = 10_000;

/** The provider's refusals the user can act on (a declined card, an unknown token) as PaymentDeclined; anything else as it was. */
function declinedOrSame(error: unknown): unknown {
  if (error instanceof Stripe.errors.StripeCardError) return new PaymentDeclined(error.message);
  const aboutTheToken = error instanceof Stripe.errors.StripeInvalidRequestError && (error.param ?? '').includes('token');
  return aboutTheToken ? new PaymentDeclined(error.message) : error;
}

async function mapped<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw declinedOrSame(error);
  }
}

/** A subscription in these states bills no more: there is nothing to cancel. */
const ENDED_STATUSES: ReadonlySet<string> = new Set(['canceled', 'incomplete_expired']);

const fromUnix = (seconds: number) => new Date(seconds * 1000);
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

function providerSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  const transactionId = idOf(subscription.latest_invoice);
  const item = subscription.items.data[0];
  if (!transactionId || !item) throw new Error(`Stripe subscription ${subscription.id} came back without an invoice or an item`);
  return {
    subscriptionId: subscription.id,
    transactionId,
    status: subscription.status,
    currentPeriodEnd: fromUnix(item.current_period_end),
  };
}

function periodEndOf(subscription: Stripe.Subscription): Date | null {
  const item = subscription.items?.data[0];
  return item ? fromUnix(item.current_period_end) : null;
}

/** The subscription event a Stripe event carries, or null for the types xFilter does not follow. */
function subscriptionEvent(event: Stripe.Event): SubscriptionEvent | null {
  switch (event.type) {
    case 'invoice.payment_failed': {
      const subscriptionId = idOf(event.data.object.parent?.subscription_details?.subscription);
      return subscriptionId ? { kind: 'payment_failed', eventId: event.id, subscriptionId, status: 'past_due', periodEnd: null } : null;
    }
    case 'customer.subscription.updated': {
      const subscription = event.data.object;
      return { kind: 'updated', eventId: event.id, subscriptionId: subscription.id, status: subscription.status, periodEnd: periodEndOf(subscription) };
    }
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      const endedAt = subscription.ended_at ?? subscription.canceled_at;
      return {
        kind: 'deleted',
        eventId: event.id,
        subscriptionId: subscription.id,
        status: subscription.status,
        periodEnd: endedAt ? fromUnix(endedAt) : periodEndOf(subscription),
      };
    }
    default:
      return null;
  }
}

/**
 * Live payments over Stripe: a customer per user, card tokens attached as payment methods (the
 * default once they have paid), subscriptions on the configured monthly and annual prices (charged
 * at once or refused), a PaymentIntent for the lifetime purchase, and upgrades invoiced with proration.
 */
export function createStripePayments(options: StripePaymentsOptions): PaymentsAdapter {
  let client: Stripe | undefined;

  /** The API client, made on first use so a live server without payments configured still starts. */
  function ready(): Stripe {
    if (!options.secretKey) throw new Error('Live payments need STRIPE_SECRET_KEY');
    client ??= new Stripe(options.secretKey, { maxNetworkRetries: options.maxNetworkRetries ?? 2, timeout: REQUEST_TIMEOUT_MS, ...(options.api ?? {}) });
    return client;
  }

  function priceOf(plan: RecurringPlan): string {
    const price = options.priceIds[plan];
    if (!price) throw new Error(`Live payments need the ${plan} price id (STRIPE_PRICE_${plan.toUpperCase()})`);
    return price;
  }

  function planOfPrice(priceId: string | undefined): RecurringPlan | null {
    if (priceId === undefined) return null;
    return (Object.keys(options.priceIds) as RecurringPlan[]).find((plan) => options.priceIds[plan] === priceId) ?? null;
  }

  const { webhookSecret } = options;
  return {
    createCustomer({ userId, name, email }, idempotencyKey) {
      return mapped(async () => {
        const customer = await ready().customers.create(
          { name, ...(email ? { email } : {}), metadata: { user_id: String(userId) } },
          { idempotencyKey: callKey(idempotencyKey, 'customer') },
        );
        return customer.id;
      });
    },

    attachCard(customerId, token, idempotencyKey) {
      return mapped(async () => {
        const client = ready();
        const method = await client.paymentMethods.create(
          { type: 'card', card: { token } },
          { idempotencyKey: callKey(idempotencyKey, 'card') },
        );
        if (!method.card) throw new Error(`Stripe payment method ${method.id} is not a card`);
        await client.paymentMethods.attach(method.id, { customer: customerId }, { idempotencyKey: callKey(idempotencyKey, 'card-attach') });
        return { paymentMethodId: method.id, brand: method.card.brand, last4: method.card.last4 };
      });
    },

    makeDefaultCard(customerId, paymentMethodId, idempotencyKey) {
      return mapped(async () => {
        await ready().customers.update(
          customerId,
          { invoice_settings: { default_payment_method: paymentMethodId } },
          { idempotencyKey: callKey(idempotencyKey, 'card-default') },
        );
      });
    },

    subscribe(customerId, plan, idempotencyKey, paymentMethodId) {
      return mapped(async () => {
        const subscription = await ready().subscriptions.create(
          {
            customer: customerId,
            items: [{ price: priceOf(plan) }],
            payment_behavior: 'error_if_incomplete',
            ...(paymentMethodId ? { default_payment_method: paymentMethodId } : {}),
          },
          { idempotencyKey: callKey(idempotencyKey, 'subscription') },
        );
        return providerSubscription(subscription);
      });
    },

    chargeOnce(customerId, amountCents, idempotencyKey, paymentMethodId) {
      return mapped(async () => {
        const client = ready();
        let card = paymentMethodId ?? null;
        if (!card) {
          const customer = await client.customers.retrieve(customerId);
          card = customer.deleted ? null : idOf(customer.invoice_settings.default_payment_method);
        }
        if (!card) throw new PaymentDeclined('There is no saved card to charge.');
        const intent = await client.paymentIntents.create(
          { amount: amountCents, currency: 'usd', customer: customerId, payment_method: card, confirm: true, off_session: true },
          { idempotencyKey: callKey(idempotencyKey, 'charge') },
        );
        if (intent.status !== 'succeeded') throw new PaymentDeclined(intent.last_payment_error?.message ?? 'The payment was not completed.');
        return intent.id;
      });
    },

    cancelSubscription(subscriptionId, idempotencyKey) {
      return mapped(async () => {
        const client = ready();
        const current = await client.subscriptions.retrieve(subscriptionId);
        if (ENDED_STATUSES.has(current.status)) return;
        await client.subscriptions.cancel(subscriptionId, {}, { idempotencyKey: callKey(idempotencyKey, 'cancel') });
      });
    },

    changePlan({ subscriptionId }, plan, idempotencyKey) {
      return mapped(async () => {
        const client = ready();
        const current = await client.subscriptions.retrieve(subscriptionId);
        const item = current.items.data[0];
        if (!item) throw new Error(`Stripe subscription ${subscriptionId} has no item to change`);
        const subscription = await client.subscriptions.update(
          subscriptionId,
          {
            items: [{ id: item.id, price: priceOf(plan) }],
            proration_behavior: 'always_invoice',
            payment_behavior: 'error_if_incomplete',
          },
          { idempotencyKey: callKey(idempotencyKey, 'subscription') },
        );
        return providerSubscription(subscription);
      });
    },

    readSubscription(subscriptionId) {
      return mapped(async () => {
        let subscription: Stripe.Subscription;
        try {
          subscription = await ready().subscriptions.retrieve(subscriptionId);
        } catch (error) {
          if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return null;
          throw error;
        }
        return {
          plan: planOfPrice(subscription.items.data[0]?.price.id),
          status: subscription.status,
          startedAt: fromUnix(subscription.start_date),
          currentPeriodEnd: periodEndOf(subscription),
          trialEndsAt: subscription.trial_end ? fromUnix(subscription.trial_end) : null,
        };
      });
    },

    // Without STRIPE_WEBHOOK_SECRET no event can be verified: the webhook answers 404, as in sandbox mode.
    ...(webhookSecret && {
      readWebhook(payload: string, signature: string) {
        let event: Stripe.Event;
        try {
          event = Stripe.webhooks.constructEvent(payload, signature, webhookSecret);
        } catch (error) {
          if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new WebhookRefused(error.message);
          throw error;
        }
        return subscriptionEvent(event);
      },
    }),
  };
}
