import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../../support/database';
import { createResponseValidator } from '../support/contract-schemas';
import { auditKinds, billingSuite, cardToken, CARDS, groupRow, NOW, setCard, setGroup, userRow } from './billing-world';

const contract = createResponseValidator();
const validate = (status: number, body: unknown) => contract.validate('/groups/{id}/subscription', 'POST', status, body);

describe.each(databaseKinds())('buying a plan on %s', (kind) => {
  const billing = billingSuite(kind, { group: { plan: 'free' }, card: null });
  const buy = (body: object, key?: string) => billing.call('POST', '/subscription', body, key);

  it('subscribes a free group to the annual plan with a new card, saves the card and answers the transaction', async () => {
    const response = await buy({ plan: 'annual', token: await cardToken(billing.server.app, CARDS.visa) });
    expect(response.statusCode).toBe(200);
    expect(validate(200, response.json())).toBeUndefined();
    const { group, transaction_id: transactionId, total } = response.json();
    expect(total).toBe(29700);
    expect(transactionId).toMatch(/^in_sandbox_/);
    expect(group).toMatchObject({ subscribed_plan: 'annual', subscription_status: 'active', is_locked: false, subscribed_from_at: NOW.toISOString() });
    expect(group.subscription_ends_at).toBe('2027-11-25T10:00:00.000Z');
    expect(group.stripe_subscription_id).toMatch(/^sub_sandbox_/);
    expect(await userRow(billing.server.db, billing.world.userIds.groupAdmin)).toMatchObject({ card_exists: true, card_brand: 'visa', card_last4: '4242' });
    expect(await auditKinds(billing.server.db, billing.world.group.id, ['subscription_attempt', 'subscription_success', 'subscription_error'])).toEqual([
      'subscription_attempt',
      'subscription_success',
    ]);
    expect((await groupRow(billing.server.db, billing.world.group.id)).limits.engagement_sync_days_back).toBe(200);
  });

  it('charges 4500 for monthly and a lifetime licence once, with no subscription to renew', async () => {
    const monthly = await buy({ plan: 'monthly', token: await cardToken(billing.server.app, CARDS.visa) });
    expect(monthly.json()).toMatchObject({ total: 4500, group: { subscribed_plan: 'monthly', subscription_ends_at: '2026-12-25T10:00:00.000Z' } });
    await setGroup(billing.server.db, billing.world.group.id, { plan: 'free' });
    const lifetime = await buy({ plan: 'once' });
    expect(lifetime.statusCode).toBe(200);
    expect(lifetime.json()).toMatchObject({ total: 29700, group: { subscribed_plan: 'once', stripe_subscription_id: null, subscription_ends_at: null } });
    expect(lifetime.json().transaction_id).toMatch(/^ch_sandbox_/);
    expect(billing.charges).toMatchObject({ subscribe: 1, chargeOnce: 1 });
  });

  it('charges the saved card when no token is sent, and asks for a card when there is none', async () => {
    const noCard = await buy({ plan: 'annual' });
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json().error).toMatchObject({ code: 'bad_request', details: { field: 'token' } });
    expect((await groupRow(billing.server.db, billing.world.group.id)).subscribed_plan).toBe('free');
    await setCard(billing.server.db, billing.world.userIds.groupAdmin, { brand: 'amex', last4: '8431' });
    const saved = await buy({ plan: 'annual' });
    expect(saved.statusCode).toBe(200);
    expect(billing.charges).toMatchObject({ subscribe: 1, attachCard: 0 });
    expect(await userRow(billing.server.db, billing.world.userIds.groupAdmin)).toMatchObject({ card_brand: 'amex', card_last4: '8431' });
  });

  it('refuses a group whose paid plan is in force with 409 and charges nothing', async () => {
    await setGroup(billing.server.db, billing.world.group.id, { plan: 'monthly', subscriptionId: 'sub_sandbox_old', status: 'active' });
    const response = await buy({ plan: 'annual', token: await cardToken(billing.server.app, CARDS.visa) });
    expect(response.statusCode).toBe(409);
    expect(validate(409, response.json())).toBeUndefined();
    expect(response.json().error.details).toEqual({ reason: 'already_paid' });
    expect(billing.charges).toMatchObject({ subscribe: 0, attachCard: 0 });
  });

  it('unlocks a locked group by a successful payment', async () => {
    await setGroup(billing.server.db, billing.world.group.id, { plan: 'monthly', locked: true, subscriptionId: 'sub_sandbox_old', status: 'past_due' });
    const response = await buy({ plan: 'monthly', token: await cardToken(billing.server.app, CARDS.visa) });
    expect(response.statusCode).toBe(200);
    expect(response.json().group).toMatchObject({ is_locked: false, subscription_status: 'active', subscribed_plan: 'monthly' });
    expect((await groupRow(billing.server.db, billing.world.group.id)).is_locked).toBe(false);
  });

  it("cancels a locked group's old subscription before charging the new one, so its unpaid invoice is not collected beside it", async () => {
    await setGroup(billing.server.db, billing.world.group.id, { plan: 'annual', locked: true, subscriptionId: 'sub_sandbox_unpaid', status: 'unpaid' });
    const response = await buy({ plan: 'annual', token: await cardToken(billing.server.app, CARDS.visa) });
    expect(response.statusCode).toBe(200);
    expect(billing.cancelled).toEqual(['sub_sandbox_unpaid']);
    const group = await groupRow(billing.server.db, billing.world.group.id);
    expect(group.stripe_subscription_id).toMatch(/^sub_sandbox_/);
    expect(group.stripe_subscription_id).not.toBe('sub_sandbox_unpaid');
    expect(group).toMatchObject({ subscribed_plan: 'annual', subscription_status: 'active', is_locked: false });
  });

  it('cancels nothing for a group that never had a subscription', async () => {
    await setGroup(billing.server.db, billing.world.group.id, { plan: 'once', locked: true });
    expect((await buy({ plan: 'annual', token: await cardToken(billing.server.app, CARDS.visa) })).statusCode).toBe(200);
    expect(billing.cancelled).toEqual([]);
  });

  it('keeps the customer a declined attempt made: the next attempt pays as the same customer', async () => {
    const declined = await buy({ plan: 'annual', token: await cardToken(billing.server.app, CARDS.insufficientFunds) });
    expect(declined.statusCode).toBe(402);
    const { stripe_customer_id: customer } = await userRow(billing.server.db, billing.world.userIds.groupAdmin);
    expect(customer).toMatch(/^cus_sandbox_/);
    expect((await buy({ plan: 'annual', token: await cardToken(billing.server.app, CARDS.visa) })).statusCode).toBe(200);
    expect(await userRow(billing.server.db, billing.world.userIds.groupAdmin)).toMatchObject({ stripe_customer_id: customer, card_exists: true, card_last4: '4242' });
  });

  it('keeps the saved card when a new card is declined: it is neither saved here nor made the default at the provider', async () => {
    await setCard(billing.server.db, billing.world.userIds.groupAdmin, { brand: 'amex', last4: '8431' });
    const declined = await buy({ plan: 'annual', token: await cardToken(billing.server.app, CARDS.insufficientFunds) });
    expect(declined.statusCode).toBe(402);
    expect(billing.charges.makeDefaultCard).toBe(0);
    expect(await userRow(billing.server.db, billing.world.userIds.groupAdmin)).toMatchObject({ card_brand: 'amex', card_last4: '8431' });
    // The provider still charges the saved card: buying with it succeeds.
    expect((await buy({ plan: 'annual' })).statusCode).toBe(200);
  });

  it("answers a declined card 402 with the provider's message, audits the error and counts it, and changes nothing else", async () => {
    await setGroup(billing.server.db, billing.world.group.id, { plan: 'free', locked: true });
    const before = await groupRow(billing.server.db, billing.world.group.id);
    const response = await buy({ plan: 'annual', token: await cardToken(billing.server.app, CARDS.insufficientFunds) });
    expect(response.statusCode).toBe(402);
    expect(validate(402, response.json())).toBeUndefined();
    expect(response.json().error).toEqual({ code: 'payment_failed', message: 'Your card has insufficient funds.' });
    const after = await groupRow(billing.server.db, billing.world.group.id);
    expect(after.flags.count_payment_error).toBe(before.flags.count_payment_error + 1);
    expect({ ...after, flags: before.flags, updated_at: before.updated_at }).toEqual(before);
    expect(await userRow(billing.server.db, billing.world.userIds.groupAdmin)).toMatchObject({ card_exists: false, card_last4: null });
    expect(await auditKinds(billing.server.db, billing.world.group.id, ['subscription_attempt', 'subscription_success', 'subscription_error'])).toEqual(
      expect.arrayContaining(['subscription_error']),
    );
    expect((await auditKinds(billing.server.db, billing.world.group.id)).at(-1)).toBe('subscription_error');
  });

  it('answers the same key again with the first answer and never charges twice', async () => {
    const key = '0b5a3f2e-9c1d-4e8f-a7b6-1c2d3e4f5a6b';
    const body = { plan: 'annual', token: await cardToken(billing.server.app, CARDS.visa) };
    const successes = (await auditKinds(billing.server.db, billing.world.group.id, ['subscription_success'])).length;
    const first = await buy(body, key);
    const again = await buy(body, key);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json().transaction_id).toBe(first.json().transaction_id);
    expect(again.json().total).toBe(first.json().total);
    expect(billing.charges.subscribe).toBe(1);
    expect(await auditKinds(billing.server.db, billing.world.group.id, ['subscription_success'])).toHaveLength(successes + 1);
  });

  it('answers a declined key again with the same 402 without asking the provider', async () => {
    const key = '1b5a3f2e-9c1d-4e8f-a7b6-1c2d3e4f5a6b';
    const body = { plan: 'annual', token: await cardToken(billing.server.app, CARDS.insufficientFunds) };
    const first = await buy(body, key);
    const again = await buy(body, key);
    expect([first.statusCode, again.statusCode]).toEqual([402, 402]);
    expect(again.json()).toEqual(first.json());
    expect(billing.charges.attachCard).toBe(1);
    expect((await groupRow(billing.server.db, billing.world.group.id)).flags.count_payment_error).toBe(1);
  });

  it('refuses the same key with another request with 409', async () => {
    const key = '2b5a3f2e-9c1d-4e8f-a7b6-1c2d3e4f5a6b';
    expect((await buy({ plan: 'monthly', token: await cardToken(billing.server.app, CARDS.visa) }, key)).statusCode).toBe(200);
    await setGroup(billing.server.db, billing.world.group.id, { plan: 'free' });
    const other = await buy({ plan: 'annual' }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().error.details).toEqual({ reason: 'idempotency_key_reused' });
    expect(billing.charges.subscribe).toBe(1);
  });

  it('refuses a call without a UUID in Idempotency-Key with 400, before anything is charged', async () => {
    const url = `/api/v1/groups/${billing.world.group.id}/subscription`;
    const headers = { authorization: `Bearer ${billing.world.tokens.groupAdmin!}` };
    const payload = { plan: 'annual', token: await cardToken(billing.server.app, CARDS.visa) };
    const missing = await billing.server.app.inject({ method: 'POST', url, headers, payload });
    const malformed = await billing.server.app.inject({ method: 'POST', url, headers: { ...headers, 'idempotency-key': 'twice' }, payload });
    expect([missing.statusCode, malformed.statusCode]).toEqual([400, 400]);
    expect(billing.charges).toMatchObject({ subscribe: 0, attachCard: 0 });
  });

  it('lets a key refused before the provider be used again once the request is corrected', async () => {
    const key = '3b5a3f2e-9c1d-4e8f-a7b6-1c2d3e4f5a6b';
    expect((await buy({ plan: 'annual' }, key)).statusCode).toBe(400);
    // The corrected request is another request, but the refused one was never answered for keeps.
    const corrected = await buy({ plan: 'annual', token: await cardToken(billing.server.app, CARDS.visa) }, key);
    expect(corrected.statusCode).toBe(200);
  });
});
