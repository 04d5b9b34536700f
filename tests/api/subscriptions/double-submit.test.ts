import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentsAdapter } from '../../../server/adapters/payments';
import type { AppDb } from '../../../server/db/connect';
import { databaseKinds } from '../../support/database';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { createTestServer, type TestServer } from '../support/test-server';
import { auditKinds, countingPayments, groupRow, NOW, paymentCall, setCard, setGroup } from './billing-world';

/** A provider whose subscribe waits for the test's word once it has been reached, so two requests overlap for sure. */
function gatedPayments(db: AppDb) {
  const { payments, charges } = countingPayments(db);
  let reached!: () => void;
  let open!: () => void;
  const state = {
    reached: new Promise<void>((resolve) => (reached = resolve)),
    gate: new Promise<void>((resolve) => (open = resolve)),
  };
  const gated: PaymentsAdapter = {
    ...payments,
    subscribe: async (...args) => {
      reached();
      await state.gate;
      return payments.subscribe(...args);
    },
  };
  return { payments: gated, charges, reached: () => state.reached, open: () => open() };
}

describe.each(databaseKinds())('a double submit on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  let provider: ReturnType<typeof gatedPayments>;
  beforeAll(async () => {
    server = await createTestServer(kind, {}, { payments: (db) => (provider = gatedPayments(db)).payments, now: () => NOW });
    world = await createRoleWorld(server.db);
    await setGroup(server.db, world.group.id, { plan: 'free' });
    await setCard(server.db, world.userIds.groupAdmin, { brand: 'visa', last4: '4242' });
  });
  afterAll(async () => server?.close());
  beforeEach(async () => {
    await setGroup(server.db, world.group.id, { plan: 'free' });
  });

  const buy = (key: string) =>
    paymentCall(server.app, { method: 'POST', url: `/groups/${world.group.id}/subscription`, token: world.tokens.groupAdmin!, body: { plan: 'annual' }, key });

  it('charges once: the second click while the first is with the provider hears 409, a retry afterwards the first answer', async () => {
    const key = '7d0c2a91-4b7e-4c35-9d52-0f6a1b2c3d4e';
    const first = buy(key);
    await provider.reached();
    const second = await buy(key);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.details).toEqual({ reason: 'idempotency_key_in_progress' });
    provider.open();
    const answered = await first;
    expect(answered.statusCode).toBe(200);
    const retry = await buy(key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().transaction_id).toBe(answered.json().transaction_id);
    expect(provider.charges.subscribe).toBe(1);
    expect(await auditKinds(server.db, world.group.id, ['subscription_success'])).toHaveLength(1);
  });

  it('charges once when two calls with one key race', async () => {
    const key = '8d0c2a91-4b7e-4c35-9d52-0f6a1b2c3d4e';
    const before = provider.charges.subscribe;
    const answers = await Promise.all([buy(key), buy(key)]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect([[200, 200], [200, 409]]).toContainEqual(statuses);
    expect(provider.charges.subscribe).toBe(before + 1);
    expect((await groupRow(server.db, world.group.id)).subscribed_plan).toBe('annual');
    expect(await auditKinds(server.db, world.group.id, ['subscription_success'])).toHaveLength(2);
  });
});
