import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../../support/database';
import { createResponseValidator } from '../support/contract-schemas';
import { auditKinds, billingSuite, cardToken, CARDS, groupRow, setCard, setGroup, userRow } from './billing-world';

const contract = createResponseValidator();

describe.each(databaseKinds())('upgrading and changing the card on %s', (kind) => {
  const billing = billingSuite(kind, {
    group: { plan: 'monthly', subscriptionId: 'sub_sandbox_monthly', status: 'active' },
    card: { brand: 'visa', last4: '4242' },
  });
  const upgrade = (key?: string) => billing.call('PUT', '/subscription', { plan: 'annual' }, key);
  const changeCard = (token: string, key?: string) => billing.call('POST', '/subscription/source', { token }, key);

  it('upgrades a monthly group to annual with the saved card and audits the upgrade', async () => {
    const response = await upgrade();
    expect(response.statusCode).toBe(200);
    expect(contract.validate('/groups/{id}/subscription', 'PUT', 200, response.json())).toBeUndefined();
    expect(response.json()).toMatchObject({
      total: 29700,
      group: { subscribed_plan: 'annual', stripe_subscription_id: 'sub_sandbox_monthly', subscription_ends_at: '2027-11-25T10:00:00.000Z' },
    });
    expect(billing.charges.changePlan).toBe(1);
    expect((await auditKinds(billing.server.db, billing.world.group.id)).at(-1)).toBe('subscription_upgrade');
  });

  it('unlocks a locked monthly group by upgrading it', async () => {
    await setGroup(billing.server.db, billing.world.group.id, { plan: 'monthly', locked: true, subscriptionId: 'sub_sandbox_monthly', status: 'past_due' });
    const response = await upgrade();
    expect(response.json().group).toMatchObject({ is_locked: false, subscription_status: 'active' });
  });

  it.each(['free', 'annual', 'once'] as const)('refuses to upgrade a %s group with 409', async (plan) => {
    await setGroup(billing.server.db, billing.world.group.id, { plan, subscriptionId: plan === 'annual' ? 'sub_sandbox_annual' : null });
    const response = await upgrade();
    expect(response.statusCode).toBe(409);
    expect(response.json().error.details).toEqual({ reason: 'not_monthly' });
    expect(billing.charges.changePlan).toBe(0);
  });

  it('asks for a card when the user has none saved', async () => {
    await setCard(billing.server.db, billing.world.userIds.groupAdmin, null);
    expect((await upgrade()).statusCode).toBe(400);
    expect((await groupRow(billing.server.db, billing.world.group.id)).subscribed_plan).toBe('monthly');
  });

  it('answers a declined upgrade 402, counts it and keeps the monthly plan', async () => {
    // The saved card is now one whose charges are refused.
    expect((await changeCard(await cardToken(billing.server.app, CARDS.insufficientFunds))).statusCode).toBe(200);
    const response = await upgrade();
    expect(response.statusCode).toBe(402);
    expect(response.json().error.message).toBe('Your card has insufficient funds.');
    const group = await groupRow(billing.server.db, billing.world.group.id);
    expect(group).toMatchObject({ subscribed_plan: 'monthly', flags: { count_payment_error: 1 } });
    expect((await auditKinds(billing.server.db, billing.world.group.id)).at(-1)).toBe('subscription_error');
  });

  it('upgrades once per key', async () => {
    const key = '5c6d7e8f-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
    const first = await upgrade(key);
    const again = await upgrade(key);
    expect(again.json().transaction_id).toBe(first.json().transaction_id);
    expect(billing.charges.changePlan).toBe(1);
  });

  it("saves a new card as the user's card, audits card_updated and answers the user", async () => {
    const response = await changeCard(await cardToken(billing.server.app, CARDS.visa));
    expect(response.statusCode).toBe(200);
    expect(contract.validate('/groups/{id}/subscription/source', 'POST', 200, response.json())).toBeUndefined();
    expect(response.json().user).toMatchObject({ card_exists: true, card_brand: 'visa', card_last4: '4242' });
    expect((await auditKinds(billing.server.db, billing.world.group.id)).at(-1)).toBe('card_updated');
  });

  it('answers a token that is not known 402 and changes nothing', async () => {
    const before = await userRow(billing.server.db, billing.world.userIds.groupAdmin);
    const response = await changeCard('tok_made_up');
    expect(response.statusCode).toBe(402);
    expect(response.json().error.code).toBe('payment_failed');
    expect(await userRow(billing.server.db, billing.world.userIds.groupAdmin)).toEqual(before);
  });

  it('uses a card token once: the same token under a new key is refused', async () => {
    const token = await cardToken(billing.server.app, CARDS.visa);
    expect((await changeCard(token)).statusCode).toBe(200);
    expect((await changeCard(token)).statusCode).toBe(402);
  });
});
