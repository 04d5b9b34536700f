import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentsAdapter } from '../../../server/adapters/payments';
import { createSandboxPayments } from '../../../server/adapters/payments/sandbox';
import type { AppDb } from '../../../server/db/connect';
import { databaseKinds } from '../../support/database';
import { createResponseValidator } from '../support/contract-schemas';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { createTestServer, type TestServer } from '../support/test-server';
import { auditKinds, cardToken, CARDS, groupRow, NOW, paymentCall, providerCounts, setCard, setGroup } from './billing-world';

const ATTEMPTS = 20;
const contract = createResponseValidator();

/**
 * The sandbox provider with a gate in front of the calls that charge or take a card: while it is
 * closed, every call that reaches it waits there until the test opens it. A purchase that reaches
 * the provider stays there while the others arrive, so none of them can have been answered by a
 * purchase that already finished.
 */
function gatedProvider(db: AppDb) {
  const sandbox = createSandboxPayments(db, () => NOW);
  let opened: Promise<void> = Promise.resolve();
  let open = () => {};
  let reached = 0;
  let watch = () => {};
  const pass = async () => {
    reached += 1;
    watch();
    await opened;
  };
  const gate = {
    close() {
      reached = 0;
      opened = new Promise((resolve) => (open = resolve));
    },
    open: () => open(),
    /** Resolves once this many calls have reached the gate since it closed. */
    reached: (count: number) =>
      new Promise<void>((resolve) => {
        watch = () => {
          if (reached >= count) resolve();
        };
        watch();
      }),
  };
  const payments: PaymentsAdapter = {
    ...sandbox,
    attachCard: async (...args) => (await pass(), sandbox.attachCard(...args)),
    subscribe: async (...args) => (await pass(), sandbox.subscribe(...args)),
    chargeOnce: async (...args) => (await pass(), sandbox.chargeOnce(...args)),
    changePlan: async (...args) => (await pass(), sandbox.changePlan(...args)),
  };
  return { payments, gate };
}

/** Resolves once `count` of the calls have been answered. */
function answered(calls: Array<Promise<unknown>>, count: number): Promise<void> {
  let done = 0;
  return new Promise((resolve) => {
    for (const call of calls) {
      void call.then(() => {
        done += 1;
        if (done === count) resolve();
      });
    }
  });
}

describe.each(databaseKinds())('concurrent payments of one group or user on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  let gate: ReturnType<typeof gatedProvider>['gate'];

  beforeAll(async () => {
    server = await createTestServer(kind, {}, { payments: (db) => ({ gate } = gatedProvider(db)).payments, now: () => NOW });
    world = await createRoleWorld(server.db);
  });
  afterAll(async () => server?.close());
  beforeEach(async () => {
    await setGroup(server.db, world.group.id, { plan: 'free' });
    await setCard(server.db, world.userIds.groupAdmin, null);
  });

  const call = (method: 'POST' | 'PUT', path: string, body: object) =>
    paymentCall(server.app, { method, url: `/groups/${world.group.id}${path}`, token: world.tokens.groupAdmin!, body });
  const tokens = (count: number) => Promise.all(Array.from({ length: count }, () => cardToken(server.app, CARDS.visa)));
  const reasons = (answers: Array<{ statusCode: number; json(): any }>) =>
    answers.filter((answer) => answer.statusCode === 409).map((answer) => answer.json().error.details.reason);

  /**
   * Sends the calls at once with the gate closed; opens it once all but one are answered, or as
   * soon as a second call reaches the provider (which only happens when nothing keeps them apart).
   */
  async function atOnce<T>(send: Array<() => Promise<T>>): Promise<T[]> {
    gate.close();
    const calls = send.map((sendOne) => sendOne());
    await Promise.race([answered(calls, calls.length - 1), gate.reached(2)]);
    gate.open();
    return Promise.all(calls);
  }

  it('charges once for twenty purchases of a free group, each with its own key and new card: one 200, nineteen 409 purchase_in_progress', async () => {
    const cards = await tokens(ATTEMPTS);
    const before = await providerCounts(server.db);
    const answers = await atOnce(cards.map((token) => () => call('POST', '/subscription', { plan: 'annual', token })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, ...Array<number>(ATTEMPTS - 1).fill(409)]);
    expect(reasons(answers)).toEqual(Array(ATTEMPTS - 1).fill('purchase_in_progress'));
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(contract.validate('/groups/{id}/subscription', 'POST', 409, refused.json())).toBeUndefined();
    expect(refused.json().error.message).toBe('Another payment for this group is being processed. Wait a moment, then reload the page to see its outcome.');
    expect(await providerCounts(server.db)).toEqual({ charges: before.charges + 1, subscriptions: before.subscriptions + 1 });
    expect(await auditKinds(server.db, world.group.id, ['subscription_success'])).toHaveLength(1);
    const paid = answers.find((answer) => answer.statusCode === 200)!.json();
    expect((await groupRow(server.db, world.group.id)).stripe_subscription_id).toBe(paid.group.stripe_subscription_id);
  });

  it('charges once for twenty purchases of a locked monthly group sent as they come, with nothing held at the provider', async () => {
    await setGroup(server.db, world.group.id, { plan: 'monthly', locked: true, subscriptionId: 'sub_sandbox_unpaid', status: 'past_due' });
    const cards = await tokens(ATTEMPTS);
    const before = await providerCounts(server.db);
    const successes = (await auditKinds(server.db, world.group.id, ['subscription_success'])).length;
    const answers = await Promise.all(cards.map((token) => call('POST', '/subscription', { plan: 'monthly', token })));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(ATTEMPTS - 1);
    for (const reason of reasons(answers)) expect(['purchase_in_progress', 'already_paid']).toContain(reason);
    expect((await providerCounts(server.db)).charges).toBe(before.charges + 1);
    expect(await auditKinds(server.db, world.group.id, ['subscription_success'])).toHaveLength(successes + 1);
  });

  it('holds the group for an upgrade as for a purchase: of ten upgrades and ten purchases of a locked monthly group, one charges', async () => {
    await setGroup(server.db, world.group.id, { plan: 'monthly', locked: true, subscriptionId: 'sub_sandbox_locked', status: 'past_due' });
    await setCard(server.db, world.userIds.groupAdmin, { brand: 'visa', last4: '4242' });
    const cards = await tokens(ATTEMPTS / 2);
    const before = await providerCounts(server.db);
    const paidBefore = (await auditKinds(server.db, world.group.id, ['subscription_success', 'subscription_upgrade'])).length;
    const answers = await atOnce([
      ...cards.map((token) => () => call('POST', '/subscription', { plan: 'annual', token })),
      ...cards.map(() => () => call('PUT', '/subscription', { plan: 'annual' })),
    ]);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(reasons(answers)).toEqual(Array(ATTEMPTS - 1).fill('purchase_in_progress'));
    expect((await providerCounts(server.db)).charges).toBe(before.charges + 1);
    expect(await auditKinds(server.db, world.group.id, ['subscription_success', 'subscription_upgrade'])).toHaveLength(paidBefore + 1);
  });

  it("saves one card of twenty card changes of one user at once: one 200, nineteen 409 card_change_in_progress", async () => {
    await setGroup(server.db, world.group.id, { plan: 'annual' });
    await setCard(server.db, world.userIds.groupAdmin, { brand: 'amex', last4: '8431' });
    const cards = await tokens(ATTEMPTS);
    const answers = await atOnce(cards.map((token) => () => call('POST', '/subscription/source', { token })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, ...Array<number>(ATTEMPTS - 1).fill(409)]);
    expect(reasons(answers)).toEqual(Array(ATTEMPTS - 1).fill('card_change_in_progress'));
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(contract.validate('/groups/{id}/subscription/source', 'POST', 409, refused.json())).toBeUndefined();
    expect(await auditKinds(server.db, world.group.id, ['card_updated'])).toHaveLength(1);
  });
});
