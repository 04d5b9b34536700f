import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../support/database';
import { createResponseValidator } from '../support/contract-schemas';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { tableDigests } from '../support/table-counts';
import { createTestServer, type TestServer } from '../support/test-server';
import { auditKinds, groupRow, setGroup } from './billing-world';

const contract = createResponseValidator();
const SECRET = 'whsec_test_secret';
const URL = '/api/v1/payments/stripe/webhook';
const PERIOD_END = 1_800_000_000;

function subscriptionObject(id: string, status: string) {
  return { id, object: 'subscription', status, ended_at: null, canceled_at: null, items: { object: 'list', data: [{ id: 'si_1', current_period_end: PERIOD_END }] } };
}

function event(type: string, object: object, id = `evt_${type}`) {
  return JSON.stringify({ id, object: 'event', type, data: { object } });
}

const signed = (payload: string, secret = SECRET) => Stripe.webhooks.generateTestHeaderString({ payload, secret });

describe.each(databaseKinds())("the payment provider's webhook on %s", (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  beforeAll(async () => {
    server = await createTestServer(kind, { mode: 'live', stripe: { priceIds: {}, webhookSecret: SECRET } });
    world = await createRoleWorld(server.db);
  });
  afterAll(async () => server?.close());
  beforeEach(async () => {
    await setGroup(server.db, world.group.id, { plan: 'monthly', subscriptionId: 'sub_live_1', status: 'active' });
  });

  const deliver = (payload: string, signature = signed(payload)) =>
    server.app.inject({ method: 'POST', url: URL, headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });

  it('locks the group when its subscription turns past_due, with the end of the period, and audits the error', async () => {
    const response = await deliver(event('customer.subscription.updated', subscriptionObject('sub_live_1', 'past_due')));
    expect(response.statusCode).toBe(200);
    expect(contract.validate('/payments/stripe/webhook', 'POST', 200, response.json())).toBeUndefined();
    expect(await groupRow(server.db, world.group.id)).toMatchObject({
      subscription_status: 'past_due',
      is_locked: true,
      subscription_ends_at: new Date(PERIOD_END * 1000),
    });
    expect((await auditKinds(server.db, world.group.id)).at(-1)).toBe('subscription_error');
  });

  it('unlocks the group when the subscription is active again', async () => {
    await setGroup(server.db, world.group.id, { plan: 'monthly', locked: true, subscriptionId: 'sub_live_1', status: 'past_due' });
    await deliver(event('customer.subscription.updated', subscriptionObject('sub_live_1', 'active')));
    expect(await groupRow(server.db, world.group.id)).toMatchObject({ subscription_status: 'active', is_locked: false });
    expect((await auditKinds(server.db, world.group.id)).at(-1)).toBe('subscription_success');
  });

  it('marks the group past_due and locks it when an invoice payment fails', async () => {
    const invoice = { id: 'in_1', object: 'invoice', parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_live_1' } } };
    expect((await deliver(event('invoice.payment_failed', invoice))).statusCode).toBe(200);
    expect(await groupRow(server.db, world.group.id)).toMatchObject({ subscription_status: 'past_due', is_locked: true });
  });

  it('cancels and locks the group when its subscription is deleted, and audits subscription_cancel once per change', async () => {
    const payload = event('customer.subscription.deleted', { ...subscriptionObject('sub_live_1', 'canceled'), ended_at: PERIOD_END - 60 });
    await deliver(payload);
    expect(await groupRow(server.db, world.group.id)).toMatchObject({
      subscription_status: 'canceled',
      is_locked: true,
      subscription_ends_at: new Date((PERIOD_END - 60) * 1000),
    });
    const cancels = await auditKinds(server.db, world.group.id, ['subscription_cancel']);
    await deliver(payload);
    expect(await auditKinds(server.db, world.group.id, ['subscription_cancel'])).toEqual(cancels);
  });

  it('acknowledges events of other types and of subscriptions no group holds, and changes nothing', async () => {
    const before = await tableDigests(server.db);
    expect((await deliver(event('customer.created', { id: 'cus_1', object: 'customer' }))).statusCode).toBe(200);
    expect((await deliver(event('customer.subscription.updated', subscriptionObject('sub_unknown', 'past_due')))).statusCode).toBe(200);
    expect(await tableDigests(server.db)).toEqual(before);
  });

  it('refuses a wrong or missing signature with 400 and changes nothing', async () => {
    const before = await tableDigests(server.db);
    const payload = event('customer.subscription.deleted', subscriptionObject('sub_live_1', 'canceled'));
    const forged = await deliver(payload, signed(payload, 'whsec_someone_else'));
    expect(forged.statusCode).toBe(400);
    expect(contract.validate('/payments/stripe/webhook', 'POST', 400, forged.json())).toBeUndefined();
    const tampered = await deliver(payload.replace('canceled', 'active'), signed(payload));
    expect(tampered.statusCode).toBe(400);
    const unsigned = await server.app.inject({ method: 'POST', url: URL, headers: { 'content-type': 'application/json' }, payload });
    expect(unsigned.statusCode).toBe(400);
    expect(await tableDigests(server.db)).toEqual(before);
  });

  it('takes the events in clear when the API seals its bodies in envelopes', async () => {
    const sealed = await createTestServer(kind, { mode: 'live', envelopeKey: Buffer.alloc(32, 7), stripe: { priceIds: {}, webhookSecret: SECRET } });
    try {
      const payload = event('customer.created', { id: 'cus_1', object: 'customer' });
      const response = await sealed.app.inject({
        method: 'POST',
        url: URL,
        headers: { 'content-type': 'application/json', 'stripe-signature': signed(payload) },
        payload,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ received: true });
    } finally {
      await sealed.close();
    }
  });

  it.each([
    ['in sandbox mode', {}],
    ['in live mode without STRIPE_WEBHOOK_SECRET, which leaves no event verifiable', { mode: 'live' as const, stripe: { priceIds: {} } }],
  ])('is not found %s', async (_when, config) => {
    const sandbox = await createTestServer(kind, config);
    try {
      const payload = event('customer.subscription.updated', subscriptionObject('sub_live_1', 'past_due'));
      const response = await sandbox.app.inject({
        method: 'POST',
        url: URL,
        headers: { 'content-type': 'application/json', 'stripe-signature': signed(payload) },
        payload,
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await sandbox.close();
    }
  });
});
