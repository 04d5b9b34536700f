import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentsAdapter } from '../../../server/adapters/payments';
import { createSandboxPayments } from '../../../server/adapters/payments/sandbox';
import type { AppDb } from '../../../server/db/connect';
import { idempotency_keys } from '../../../server/db/schema';
import { databaseKinds } from '../../support/database';
import { SPEC_PAYMENT_LEASE_MS } from '../../support/spec-numbers';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { createTestServer, type TestServer } from '../support/test-server';
import { auditKinds, cardToken, CARDS, expireLeases, groupRow, NOW, paymentCall, providerCounts, setCard, setGroup } from './billing-world';

type StallPoint = 'before the charge' | 'after the charge';

/**
 * The sandbox provider whose next subscribe call stalls, before or after it charges, until the
 * test lets it go: a request stuck at the provider, as one whose process died there would be.
 * Its next makeDefaultCard can fail once, as a dropped connection would.
 */
function stallingProvider(db: AppDb) {
  const sandbox = createSandboxPayments(db, () => NOW);
  let stall: { at: StallPoint; reached: () => void; release: Promise<void> } | null = null;
  let failNextDefault = false;
  const control = {
    stall(at: StallPoint) {
      let reached!: () => void;
      let release!: () => void;
      const state = { reached: new Promise<void>((resolve) => (reached = resolve)), release: new Promise<void>((resolve) => (release = resolve)) };
      stall = { at, reached, release: state.release };
      return { reached: state.reached, release };
    },
    failNextDefault: () => (failNextDefault = true),
  };
  const payments: PaymentsAdapter = {
    ...sandbox,
    subscribe: async (...args) => {
      const held = stall;
      stall = null;
      const wait = async (at: StallPoint) => {
        if (held?.at !== at) return;
        held.reached();
        await held.release;
      };
      await wait('before the charge');
      const made = await sandbox.subscribe(...args);
      await wait('after the charge');
      return made;
    },
    makeDefaultCard: async (...args) => {
      if (failNextDefault) {
        failNextDefault = false;
        throw new Error('the connection to the provider was reset');
      }
      return sandbox.makeDefaultCard(...args);
    },
  };
  return { payments, control };
}

describe.each(databaseKinds())('a payment attempt whose request never came back, on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  let provider: ReturnType<typeof stallingProvider>['control'];
  beforeAll(async () => {
    server = await createTestServer(kind, {}, { payments: (db) => ({ control: provider } = stallingProvider(db)).payments, now: () => NOW });
    world = await createRoleWorld(server.db);
  });
  afterAll(async () => server?.close());
  beforeEach(async () => {
    await setGroup(server.db, world.group.id, { plan: 'free' });
    await setCard(server.db, world.userIds.groupAdmin, { brand: 'visa', last4: '4242' });
  });

  const buy = (key: string, body: object = { plan: 'annual' }) =>
    paymentCall(server.app, { method: 'POST', url: `/groups/${world.group.id}/subscription`, token: world.tokens.groupAdmin!, body, key });
  const successes = async () => (await auditKinds(server.db, world.group.id, ['subscription_success'])).length;

  it.each<[StallPoint, string]>([
    ['before the charge', '1f3a5c7e-0b2d-4f6a-8c1e-3a5c7e9b1d2f'],
    ['after the charge', '2f3a5c7e-0b2d-4f6a-8c1e-3a5c7e9b1d2f'],
  ])('stalled %s: its key answers 409 in progress until the lease ends, then resumes it and charges once', async (at, key) => {
    const before = { ...(await providerCounts(server.db)), successes: await successes() };
    const stalled = provider.stall(at);
    const first = buy(key);
    await stalled.reached;

    const early = await buy(key);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.details).toEqual({ reason: 'idempotency_key_in_progress' });
    // The stalled attempt holds its key for the docs' 5 minutes from its claim.
    const [claim] = await server.db.select({ until: idempotency_keys.leased_until }).from(idempotency_keys).where(eq(idempotency_keys.key, key));
    expect(claim!.until).toEqual(new Date(NOW.getTime() + SPEC_PAYMENT_LEASE_MS));

    expect(await expireLeases(server.db)).toBe(1);
    const resumed = await buy(key);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().group.subscribed_plan).toBe('annual');

    // The stalled request comes back after all: its attempt was taken over, so it writes nothing.
    stalled.release();
    const late = await first;
    expect(late.statusCode).toBe(409);
    expect(late.json().error.details).toEqual({ reason: 'idempotency_key_in_progress' });

    expect(await providerCounts(server.db)).toEqual({ charges: before.charges + 1, subscriptions: before.subscriptions + 1 });
    expect(await successes()).toBe(before.successes + 1);
    expect((await buy(key)).json().transaction_id).toBe(resumed.json().transaction_id);
  });

  it('a purchase with a new key after the lease ends finishes the abandoned one first, charged once, and is told the plan is paid', async () => {
    const key = '3f3a5c7e-0b2d-4f6a-8c1e-3a5c7e9b1d2f';
    const before = { ...(await providerCounts(server.db)), successes: await successes() };
    const stalled = provider.stall('after the charge');
    const first = buy(key);
    await stalled.reached;
    await expireLeases(server.db);

    const another = await buy('4f3a5c7e-0b2d-4f6a-8c1e-3a5c7e9b1d2f', { plan: 'monthly' });
    expect(another.statusCode).toBe(409);
    expect(another.json().error.details).toEqual({ reason: 'already_paid' });
    expect((await groupRow(server.db, world.group.id)).subscribed_plan).toBe('annual');

    const retried = await buy(key);
    expect(retried.statusCode).toBe(200);
    stalled.release();
    expect((await first).statusCode).toBe(409);
    expect(await providerCounts(server.db)).toEqual({ charges: before.charges + 1, subscriptions: before.subscriptions + 1 });
    expect(await successes()).toBe(before.successes + 1);
  });

  it('an attempt that failed after the charge is resumed at once by its key, with the charge it made', async () => {
    const key = '5f3a5c7e-0b2d-4f6a-8c1e-3a5c7e9b1d2f';
    const before = await providerCounts(server.db);
    provider.failNextDefault();
    const body = { plan: 'annual', token: await cardToken(server.app, CARDS.visa) };
    const failed = await buy(key, body);
    expect(failed.statusCode).toBe(500);
    expect((await providerCounts(server.db)).charges).toBe(before.charges + 1);

    const retried = await buy(key, body);
    expect(retried.statusCode).toBe(200);
    expect(await providerCounts(server.db)).toEqual({ charges: before.charges + 1, subscriptions: before.subscriptions + 1 });
  });
});
