import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PaymentDeclined } from '../../../server/adapters/payments';
import { createSandboxPayments, MAX_KEPT_TOKENS, type SandboxPaymentsAdapter } from '../../../server/adapters/payments/sandbox';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/database';

const START = new Date('2026-11-25T10:00:00.000Z');
const VISA = { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' };
const KEY = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';

describe.each(databaseKinds())('the sandbox payment provider on %s', (kind) => {
  let database: TestDatabase;
  let payments: SandboxPaymentsAdapter;
  let now = START;
  const advance = (ms: number) => (now = new Date(now.getTime() + ms));
  const token = async (number = VISA.number) => (await payments.issueCardToken({ ...VISA, number })).token;
  const count = async (table: 'sandbox_charges' | 'sandbox_subscriptions') =>
    (await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`)).rows[0]!.n;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    payments = createSandboxPayments(database.db, () => now);
  });
  afterAll(async () => database?.close());
  beforeEach(() => {
    now = START;
  });

  it('takes a card token once', async () => {
    const issued = await token();
    expect(await payments.attachCard('cus_1', issued, 'once-key')).toEqual({ paymentMethodId: expect.stringMatching(/^pm_sandbox_/), brand: 'visa', last4: '4242' });
    await expect(payments.attachCard('cus_1', issued, 'another-key')).rejects.toBeInstanceOf(PaymentDeclined);
  });

  it('answers the same key with the same subscription, and a new key with a new one', async () => {
    const first = await payments.subscribe('cus_1', 'monthly', KEY);
    expect(await payments.subscribe('cus_1', 'monthly', KEY)).toEqual(first);
    expect((await payments.subscribe('cus_1', 'monthly', 'another-key')).subscriptionId).not.toBe(first.subscriptionId);
    expect(first.currentPeriodEnd).toEqual(new Date('2026-12-25T10:00:00.000Z'));
  });

  it('charges once for one key called at once from two processes, and answers both with that charge', async () => {
    const other = createSandboxPayments(database.db, () => now);
    const [charges, subscriptions] = [await count('sandbox_charges'), await count('sandbox_subscriptions')];
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) => (index % 2 ? other : payments).subscribe('cus_race', 'annual', 'race-key')),
    );
    expect(new Set(answers.map((answer) => answer.transactionId)).size).toBe(1);
    expect(await count('sandbox_charges')).toBe(charges + 1);
    expect(await count('sandbox_subscriptions')).toBe(subscriptions + 1);
  });

  it('answers a refused key with the same refusal, from any process', async () => {
    const card = await payments.attachCard('cus_refused', await token('4000000000009995'), 'refused-card-key');
    await expect(payments.chargeOnce('cus_refused', 29700, 'refused-key', card.paymentMethodId)).rejects.toEqual(new PaymentDeclined('Your card has insufficient funds.'));
    const other = createSandboxPayments(database.db, () => now);
    await expect(other.chargeOnce('cus_refused', 29700, 'refused-key')).rejects.toEqual(new PaymentDeclined('Your card has insufficient funds.'));
  });

  it('charges the card it is given, and refuses a card with insufficient funds without making it the default', async () => {
    const poor = await payments.attachCard('cus_2', await token('4000000000009995'), 'poor-card-key');
    await expect(payments.subscribe('cus_2', 'annual', 'poor-key', poor.paymentMethodId)).rejects.toEqual(new PaymentDeclined('Your card has insufficient funds.'));
    expect(await payments.chargeOnce('cus_2', 29700, 'default-key')).toMatch(/^ch_sandbox_/);
    const good = await payments.attachCard('cus_2', await token(), 'good-key');
    expect(await payments.chargeOnce('cus_2', 29700, 'good-charge-key', good.paymentMethodId)).toMatch(/^ch_sandbox_/);
  });

  it('refuses the charges of a customer whose default card has insufficient funds', async () => {
    const card = await payments.attachCard('cus_poor', await token('4000000000009995'), 'poor-default-card');
    await payments.makeDefaultCard('cus_poor', card.paymentMethodId, 'poor-default-card');
    await expect(payments.chargeOnce('cus_poor', 29700, 'charge-key')).rejects.toEqual(new PaymentDeclined('Your card has insufficient funds.'));
    await expect(payments.changePlan({ subscriptionId: 'sub_1', customerId: 'cus_poor' }, 'annual', 'plan-key')).rejects.toBeInstanceOf(PaymentDeclined);
    expect(await payments.chargeOnce('cus_other', 29700, 'other-charge-key')).toMatch(/^ch_sandbox_/);
  });

  it('forgets a token left unused for a day', async () => {
    const issued = await token();
    advance(24 * 60 * 60_000 + 1);
    await token();
    await expect(payments.attachCard('cus_1', issued, 'forgotten-key')).rejects.toBeInstanceOf(PaymentDeclined);
  });

  it('knows the state of the subscriptions it made, changed or cancelled, and of no other', async () => {
    const made = await payments.subscribe('cus_3', 'monthly', 'state-key');
    expect(await payments.readSubscription(made.subscriptionId)).toEqual({
      plan: 'monthly',
      status: 'active',
      startedAt: START,
      currentPeriodEnd: new Date('2026-12-25T10:00:00.000Z'),
      trialEndsAt: null,
    });
    advance(86_400_000);
    await payments.changePlan({ subscriptionId: made.subscriptionId, customerId: 'cus_3' }, 'annual', 'upgrade-key');
    expect(await payments.readSubscription(made.subscriptionId)).toMatchObject({ plan: 'annual', startedAt: START, currentPeriodEnd: new Date('2027-11-26T10:00:00.000Z') });
    await payments.cancelSubscription(made.subscriptionId, 'cancel-key');
    expect(await payments.readSubscription(made.subscriptionId)).toMatchObject({ status: 'canceled', currentPeriodEnd: new Date('2026-11-26T10:00:00.000Z') });
    expect(await payments.readSubscription('sub_seeded')).toBeNull();
  });

  it('keeps at most ten thousand unused tokens, forgetting the oldest first', async () => {
    const oldest = await token();
    const second = await token();
    await database.db.execute(
      sql`INSERT INTO sandbox_card_tokens (token, brand, last4, created_at) SELECT 'tok_filler_' || n, 'visa', '4242', ${now} FROM generate_series(1, ${MAX_KEPT_TOKENS - 2}) AS n`,
    );
    await token();
    await expect(payments.attachCard('cus_1', oldest, 'oldest-key')).rejects.toBeInstanceOf(PaymentDeclined);
    expect(await payments.attachCard('cus_1', second, 'second-key')).toMatchObject({ brand: 'visa', last4: '4242' });
  });
});
