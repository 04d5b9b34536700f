/** The plans the provider bills again and again; `once` is a single charge. */
export type RecurringPlan = 'monthly' | 'annual';

/** The card a customer pays with, as the provider reports it. */
export interface CardSummary {
  brand: string;
  last4: string;
}

/** A card attached to the customer, not yet their default: it becomes the default once it has paid. */
export interface AttachedCard extends CardSummary {
  paymentMethodId: string;
}

/** A subscription as the provider reports it after a successful charge. */
export interface ProviderSubscription {
  subscriptionId: string;
  /** The invoice that charged it. */
  transactionId: string;
  status: string;
  currentPeriodEnd: Date;
}

/** A subscription as the provider has it now. */
export interface SubscriptionState {
  /** The plan of its price; null when its price is neither plan's. */
  plan: RecurringPlan | null;
  status: string;
  startedAt: Date;
  currentPeriodEnd: Date | null;
  trialEndsAt: Date | null;
}

/** What a webhook event says about one subscription (live mode). */
export interface SubscriptionEvent {
  kind: 'payment_failed' | 'updated' | 'deleted';
  eventId: string;
  subscriptionId: string;
  /** The subscription's status after the event. */
  status: string;
  /** The end of the paid period when the event tells it. */
  periodEnd: Date | null;
}

/** The provider refused the card or the charge; the message is the provider's, shown to the user. */
export class PaymentDeclined extends Error {
  override readonly name = 'PaymentDeclined';
}

/**
 * The payment provider. Every call that can charge or change something takes the idempotency key
 * of the user's attempt: the same key again gets the first answer and never charges twice. A call
 * the provider refuses rejects with PaymentDeclined.
 */
export interface PaymentsAdapter {
  createCustomer(customer: { userId: number; name: string; email: string | null }, idempotencyKey: string): Promise<string>;
  /** Attaches the card token to the customer; a refused card rejects with PaymentDeclined. */
  attachCard(customerId: string, token: string, idempotencyKey: string): Promise<AttachedCard>;
  /** Makes an attached card the customer's default payment method, the one later charges use. */
  makeDefaultCard(customerId: string, paymentMethodId: string, idempotencyKey: string): Promise<void>;
  /** Subscribes the customer to the plan's price, charging the given card (else the default card) now. */
  subscribe(customerId: string, plan: RecurringPlan, idempotencyKey: string, paymentMethodId?: string): Promise<ProviderSubscription>;
  /** One charge of the given card (else the default card); answers the charge's id. */
  chargeOnce(customerId: string, amountCents: number, idempotencyKey: string, paymentMethodId?: string): Promise<string>;
  /**
   * Ends the subscription now, without a refund, and stops the collection of its open invoices; a
   * subscription that has already ended is left as it is.
   */
  cancelSubscription(subscriptionId: string, idempotencyKey: string): Promise<void>;
  /** Moves the subscription to the plan's price, charging the prorated difference now. */
  changePlan(
    subscription: { subscriptionId: string; customerId: string },
    plan: RecurringPlan,
    idempotencyKey: string,
  ): Promise<ProviderSubscription>;
  /** The subscription as the provider has it now (the lab copies it onto the group); null when the provider knows no such subscription. */
  readSubscription(subscriptionId: string): Promise<SubscriptionState | null>;
  /**
   * The subscription event of a signed webhook body; null for an event of another type. Throws
   * WebhookRefused when the signature does not verify. Only the live provider sends webhooks.
   */
  readWebhook?(payload: string, signature: string): SubscriptionEvent | null;
  /**
   * Tokenizes a test card as the payment page would (POST /sandbox/payments/card_tokens); rejects
   * with PaymentDeclined as Stripe's test-card rules say. Only the sandbox provider has it.
   */
  issueCardToken?(card: TestCardDetails): Promise<CardSummary & { token: string }>;
}

/** A card as the sandbox's card form sends it. */
export interface TestCardDetails {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

export class WebhookRefused extends Error {
  override readonly name = 'WebhookRefused';
}

/** Stripe's one-call idempotency keys: one attempt's key, told apart per call it makes. */
export function callKey(
  idempotencyKey: string,
  call: 'customer' | 'card' | 'card-attach' | 'card-default' | 'charge' | 'subscription' | 'cancel',
): string {
  return `${idempotencyKey}:${call}`;
}
