import { describe, expect, it } from 'vitest';
import { PaymentDeclined } from '../../../server/adapters/payments';
import { createSandboxPayments } from '../../../server/adapters/payments/sandbox';

const START = new Date('2026-11-25T10:00:00.000Z');
const VISA = { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' };
const KEY = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';

function clockedPayments() {
  let now = START;
  const payments = createSandboxPayments(() => now);
  return { payments, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
}

describe('the sandbox payment provider', () => {
  it('takes a card token once', async () => {
    const { payments } = clockedPayments();
    const { token } = payments.issueCardToken(VISA);
    expect(await payments.attachCard('cus_1', token, KEY)).toEqual({ paymentMethodId: expect.stringMatching(/^pm_sandbox_/), brand: 'visa', last4: '4242' });
    await expect(payments.attachCard('cus_1', token, 'another-key')).rejects.toBeInstanceOf(PaymentDeclined);
  });

  it('answers the same key with the same subscription, and a new key with a new one', async () => {
    const { payments } = clockedPayments();
    const first = await payments.subscribe('cus_1', 'monthly', KEY);
    expect(await payments.subscribe('cus_1', 'monthly', KEY)).toEqual(first);
    expect((await payments.subscribe('cus_1', 'monthly', 'another-key')).subscriptionId).not.toBe(first.subscriptionId);
    expect(first.currentPeriodEnd).toEqual(new Date('2026-12-25T10:00:00.000Z'));
  });

  it('charges the card it is given, and refuses a card with insufficient funds without making it the default', async () => {
    const { payments } = clockedPayments();
    const poor = await payments.attachCard('cus_1', payments.issueCardToken({ ...VISA, number: '4000000000009995' }).token, KEY);
    await expect(payments.subscribe('cus_1', 'annual', 'poor-key', poor.paymentMethodId)).rejects.toEqual(
      new PaymentDeclined('Your card has insufficient funds.'),
    );
    expect(await payments.chargeOnce('cus_1', 29700, 'default-key')).toMatch(/^ch_sandbox_/);
    const good = await payments.attachCard('cus_1', payments.issueCardToken(VISA).token, 'good-key');
    expect(await payments.chargeOnce('cus_1', 29700, 'good-charge-key', good.paymentMethodId)).toMatch(/^ch_sandbox_/);
  });

  it("refuses the charges of a customer whose default card has insufficient funds", async () => {
    const { payments } = clockedPayments();
    const { token } = payments.issueCardToken({ ...VISA, number: '4000000000009995' });
    const card = await payments.attachCard('cus_poor', token, KEY);
    await payments.makeDefaultCard('cus_poor', card.paymentMethodId, KEY);
    await expect(payments.chargeOnce('cus_poor', 29700, 'charge-key')).rejects.toEqual(new PaymentDeclined('Your card has insufficient funds.'));
    await expect(payments.changePlan({ subscriptionId: 'sub_1', customerId: 'cus_poor' }, 'annual', 'plan-key')).rejects.toBeInstanceOf(
      PaymentDeclined,
    );
    expect(await payments.chargeOnce('cus_other', 29700, 'other-charge-key')).toMatch(/^ch_sandbox_/);
  });

  it('forgets a token left unused for a day', async () => {
    const { payments, advance } = clockedPayments();
    const { token } = payments.issueCardToken(VISA);
    advance(24 * 60 * 60_000 + 1);
    payments.issueCardToken(VISA);
    await expect(payments.attachCard('cus_1', token, KEY)).rejects.toBeInstanceOf(PaymentDeclined);
  });

  it('knows the state of the subscriptions it made, changed or cancelled, and of no other', async () => {
    const { payments, advance } = clockedPayments();
    const made = await payments.subscribe('cus_1', 'monthly', KEY);
    expect(await payments.readSubscription(made.subscriptionId)).toEqual({
      plan: 'monthly',
      status: 'active',
      startedAt: START,
      currentPeriodEnd: new Date('2026-12-25T10:00:00.000Z'),
      trialEndsAt: null,
    });
    advance(86_400_000);
    await payments.changePlan({ subscriptionId: made.subscriptionId, customerId: 'cus_1' }, 'annual', 'upgrade-key');
    expect(await payments.readSubscription(made.subscriptionId)).toMatchObject({ plan: 'annual', startedAt: START, currentPeriodEnd: new Date('2027-11-26T10:00:00.000Z') });
    await payments.cancelSubscription(made.subscriptionId, 'cancel-key');
    expect(await payments.readSubscription(made.subscriptionId)).toMatchObject({ status: 'canceled', currentPeriodEnd: new Date('2026-11-26T10:00:00.000Z') });
    expect(await payments.readSubscription('sub_seeded')).toBeNull();
  });

  it('keeps at most ten thousand unused tokens, forgetting the oldest first', async () => {
    const { payments } = clockedPayments();
    const oldest = payments.issueCardToken(VISA).token;
    const second = payments.issueCardToken(VISA).token;
    for (let count = 2; count < 10_000; count += 1) payments.issueCardToken(VISA);
    await expect(payments.attachCard('cus_1', oldest, KEY)).rejects.toBeInstanceOf(PaymentDeclined);
    expect(await payments.attachCard('cus_1', second, 'second-key')).toMatchObject({ brand: 'visa', last4: '4242' });
  });
});
