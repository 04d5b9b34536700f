import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PaymentDeclined, WebhookRefused, type PaymentsAdapter } from '../../../server/adapters/payments';
import { createStripePayments } from '../../../server/adapters/payments/stripe';

const SECRET_KEY = 'sk_test_fake';
const WEBHOOK_SECRET = 'whsec_fake';
const KEY = '6f1e2d3c-4b5a-4968-8776-655443322110';
const PERIOD_END = 1_800_000_000;
const START_DATE = 1_770_000_000;

interface Received {
  method: string;
  path: string;
  form: Record<string, string>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

const subscription = (id: string, price: string) => ({
  id,
  object: 'subscription',
  status: 'active',
  start_date: START_DATE,
  latest_invoice: `in_for_${price}`,
  items: { object: 'list', data: [{ id: 'si_1', current_period_end: PERIOD_END, price: { id: price } }] },
});

function cardError(message: string) {
  return [402, { error: { type: 'card_error', code: 'card_declined', message } }] as const;
}

/** Stripe's API as far as the adapter uses it; customers named in the form decide the failures. */
function route(request: Received): readonly [number, unknown] {
  const { method, path, form } = request;
  if (method === 'POST' && path === '/v1/customers') {
    if (form.name === 'Boom') return [500, { error: { type: 'api_error', message: 'Something went wrong on our end.' } }];
    return [200, { id: 'cus_new', object: 'customer' }];
  }
  if (method === 'POST' && path === '/v1/payment_methods') {
    if (form['card[token]'] === 'tok_chargeDeclined') return cardError('Your card was declined.');
    if (form['card[token]'] === 'tok_missing') {
      return [400, { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'card[token]', message: "No such token: 'tok_missing'" } }];
    }
    return [200, { id: 'pm_new', object: 'payment_method', card: { brand: 'visa', last4: '4242' } }];
  }
  if (method === 'POST' && path === '/v1/payment_methods/pm_new/attach') return [200, { id: 'pm_new', object: 'payment_method' }];
  if (method === 'POST' && path.startsWith('/v1/customers/')) return [200, { id: path.split('/')[3], object: 'customer' }];
  if (method === 'GET' && path.startsWith('/v1/customers/')) {
    return [200, { id: path.split('/')[3], object: 'customer', invoice_settings: { default_payment_method: 'pm_saved' } }];
  }
  if (method === 'POST' && path === '/v1/subscriptions') {
    if (form.customer === 'cus_poor') return cardError('Your card has insufficient funds.');
    return [200, subscription('sub_new', form['items[0][price]']!)];
  }
  if (method === 'GET' && path === '/v1/subscriptions/sub_monthly') return [200, subscription('sub_monthly', 'price_monthly')];
  if (method === 'GET' && path === '/v1/subscriptions/sub_unpaid') return [200, { ...subscription('sub_unpaid', 'price_annual'), status: 'unpaid' }];
  if (method === 'GET' && path === '/v1/subscriptions/sub_ended') return [200, { ...subscription('sub_ended', 'price_annual'), status: 'canceled' }];
  if (method === 'DELETE' && path === '/v1/subscriptions/sub_unpaid') return [200, { ...subscription('sub_unpaid', 'price_annual'), status: 'canceled' }];
  if (method === 'POST' && path === '/v1/subscriptions/sub_monthly') return [200, subscription('sub_monthly', form['items[0][price]']!)];
  if (method === 'GET' && path === '/v1/subscriptions/sub_gone') {
    return [404, { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: "No such subscription: 'sub_gone'" } }];
  }
  if (method === 'POST' && path === '/v1/payment_intents') return [200, { id: 'pi_new', object: 'payment_intent', status: 'succeeded' }];
  return [404, { error: { type: 'invalid_request_error', message: `No route ${method} ${path}` } }];
}

describe('the live payments adapter over Stripe', () => {
  const received: Received[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const call: Received = {
        method: request.method ?? '',
        path: (request.url ?? '').split('?')[0]!,
        form: Object.fromEntries(new URLSearchParams(body)),
        idempotencyKey: request.headers['idempotency-key'] as string | undefined,
        authorization: request.headers.authorization,
      };
      received.push(call);
      const [status, answer] = route(call);
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' }).end(JSON.stringify(answer));
    });
  });
  let payments: PaymentsAdapter;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    payments = createStripePayments({
      secretKey: SECRET_KEY,
      priceIds: { monthly: 'price_monthly', annual: 'price_annual' },
      webhookSecret: WEBHOOK_SECRET,
      api: { host: '127.0.0.1', port: (server.address() as AddressInfo).port, protocol: 'http' },
      maxNetworkRetries: 0,
    });
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    received.length = 0;
  });

  const sent = () => received.map(({ method, path }) => `${method} ${path}`);

  it('creates a customer with the secret key and the attempt key', async () => {
    expect(await payments.createCustomer({ userId: 7, name: 'Ada', email: 'ada@example.com' }, KEY)).toBe('cus_new');
    expect(received).toEqual([
      {
        method: 'POST',
        path: '/v1/customers',
        form: { name: 'Ada', email: 'ada@example.com', 'metadata[user_id]': '7' },
        idempotencyKey: `${KEY}:customer`,
        authorization: `Bearer ${SECRET_KEY}`,
      },
    ]);
  });

  it('attaches the card token to the customer as a payment method and reports its brand and last 4, without making it the default', async () => {
    expect(await payments.attachCard('cus_1', 'tok_visa', KEY)).toEqual({ paymentMethodId: 'pm_new', brand: 'visa', last4: '4242' });
    expect(sent()).toEqual(['POST /v1/payment_methods', 'POST /v1/payment_methods/pm_new/attach']);
    expect(received.map((call) => call.form)).toEqual([{ type: 'card', 'card[token]': 'tok_visa' }, { customer: 'cus_1' }]);
    expect(received.map((call) => call.idempotencyKey)).toEqual([`${KEY}:card`, `${KEY}:card-attach`]);
  });

  it("makes an attached card the customer's default payment method", async () => {
    await payments.makeDefaultCard('cus_1', 'pm_new', KEY);
    expect(received).toMatchObject([
      { method: 'POST', path: '/v1/customers/cus_1', form: { 'invoice_settings[default_payment_method]': 'pm_new' }, idempotencyKey: `${KEY}:card-default` },
    ]);
  });

  it('charges the card it is given: the subscription and the lifetime charge name it, and the default is not asked', async () => {
    await payments.subscribe('cus_1', 'annual', KEY, 'pm_new');
    expect(received[0]!.form).toMatchObject({ customer: 'cus_1', default_payment_method: 'pm_new' });
    await payments.chargeOnce('cus_1', 29700, KEY, 'pm_new');
    expect(sent()).toEqual(['POST /v1/subscriptions', 'POST /v1/payment_intents']);
    expect(received[1]!.form).toMatchObject({ payment_method: 'pm_new' });
  });

  it('cancels a subscription now with the attempt key, and leaves one that has ended alone', async () => {
    await payments.cancelSubscription('sub_unpaid', KEY);
    expect(sent()).toEqual(['GET /v1/subscriptions/sub_unpaid', 'DELETE /v1/subscriptions/sub_unpaid']);
    expect(received[1]!.idempotencyKey).toBe(`${KEY}:cancel`);
    received.length = 0;
    await payments.cancelSubscription('sub_ended', KEY);
    expect(sent()).toEqual(['GET /v1/subscriptions/sub_ended']);
  });

  it("reads a subscription's plan by its price, its status and dates, and null for one Stripe does not know", async () => {
    expect(await payments.readSubscription('sub_unpaid')).toEqual({
      plan: 'annual',
      status: 'unpaid',
      startedAt: new Date(START_DATE * 1000),
      currentPeriodEnd: new Date(PERIOD_END * 1000),
      trialEndsAt: null,
    });
    expect(sent()).toEqual(['GET /v1/subscriptions/sub_unpaid']);
    expect(await payments.readSubscription('sub_gone')).toBeNull();
  });

  it("subscribes on the plan's price, refusing to leave an unpaid subscription behind", async () => {
    expect(await payments.subscribe('cus_1', 'annual', KEY)).toEqual({
      subscriptionId: 'sub_new',
      transactionId: 'in_for_price_annual',
      status: 'active',
      currentPeriodEnd: new Date(PERIOD_END * 1000),
    });
    expect(received[0]).toMatchObject({
      path: '/v1/subscriptions',
      form: { customer: 'cus_1', 'items[0][price]': 'price_annual', payment_behavior: 'error_if_incomplete' },
      idempotencyKey: `${KEY}:subscription`,
    });
    expect(received[0]!.form).not.toHaveProperty('default_payment_method');
    await payments.subscribe('cus_1', 'monthly', KEY);
    expect(received[1]!.form['items[0][price]']).toBe('price_monthly');
  });

  it('charges the lifetime licence once on the default card', async () => {
    expect(await payments.chargeOnce('cus_1', 29700, KEY)).toBe('pi_new');
    expect(sent()).toEqual(['GET /v1/customers/cus_1', 'POST /v1/payment_intents']);
    expect(received[1]).toMatchObject({
      form: { amount: '29700', currency: 'usd', customer: 'cus_1', payment_method: 'pm_saved', confirm: 'true', off_session: 'true' },
      idempotencyKey: `${KEY}:charge`,
    });
  });

  it("moves the subscription's item to the annual price with proration invoiced now", async () => {
    const changed = await payments.changePlan({ subscriptionId: 'sub_monthly', customerId: 'cus_1' }, 'annual', KEY);
    expect(changed).toMatchObject({ subscriptionId: 'sub_monthly', transactionId: 'in_for_price_annual' });
    expect(sent()).toEqual(['GET /v1/subscriptions/sub_monthly', 'POST /v1/subscriptions/sub_monthly']);
    expect(received[1]).toMatchObject({
      form: {
        'items[0][id]': 'si_1',
        'items[0][price]': 'price_annual',
        proration_behavior: 'always_invoice',
        payment_behavior: 'error_if_incomplete',
      },
      idempotencyKey: `${KEY}:subscription`,
    });
  });

  it("turns a card error and an unknown token into PaymentDeclined with Stripe's message", async () => {
    await expect(payments.attachCard('cus_1', 'tok_chargeDeclined', KEY)).rejects.toEqual(new PaymentDeclined('Your card was declined.'));
    await expect(payments.subscribe('cus_poor', 'monthly', KEY)).rejects.toEqual(new PaymentDeclined('Your card has insufficient funds.'));
    await expect(payments.attachCard('cus_1', 'tok_missing', KEY)).rejects.toBeInstanceOf(PaymentDeclined);
  });

  it('lets any other failure through as it is', async () => {
    const failure = payments.createCustomer({ userId: 7, name: 'Boom', email: null }, KEY);
    await expect(failure).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
    await expect(failure).rejects.not.toBeInstanceOf(PaymentDeclined);
  });

  it('reads the subscription events of signed webhook bodies and refuses bad signatures', () => {
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'customer.subscription.updated',
      data: { object: { id: 'sub_1', object: 'subscription', status: 'unpaid', items: { data: [{ current_period_end: PERIOD_END }] } } },
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect(payments.readWebhook!(payload, header)).toEqual({
      kind: 'updated',
      eventId: 'evt_1',
      subscriptionId: 'sub_1',
      status: 'unpaid',
      periodEnd: new Date(PERIOD_END * 1000),
    });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    expect(() => payments.readWebhook!(payload, forged)).toThrow(WebhookRefused);
    const other = JSON.stringify({ id: 'evt_2', object: 'event', type: 'charge.succeeded', data: { object: { id: 'ch_1' } } });
    expect(payments.readWebhook!(other, Stripe.webhooks.generateTestHeaderString({ payload: other, secret: WEBHOOK_SECRET }))).toBeNull();
  });

  it('asks for the secret key before it calls Stripe', async () => {
    const unconfigured = createStripePayments({ priceIds: {} });
    await expect(unconfigured.createCustomer({ userId: 1, name: 'Ada', email: null }, KEY)).rejects.toThrow('STRIPE_SECRET_KEY');
  });
});
