import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProductServer, type ProductServer } from './support/product-server';
import { apiWithToken, sandboxToken } from './support/sandbox';
import { runOnServer } from '../support/database';

const serverUrl = process.env.DATABASE_URL;

/**
 * Where the server is stopped, and the table whose lock, held from another connection, keeps the
 * purchase there: the provider's answers (its first call), its charges (its card taken, the
 * subscription not yet charged), its customers' default cards (charged, the card not yet the
 * default), and the audit log (the provider done, the outcome's transaction not committed).
 */
const STEPS = [
  ['before the provider is called', 'sandbox_answers'],
  ['at the provider, before it charges', 'sandbox_charges'],
  ['at the provider, after it charged', 'sandbox_customer_defaults'],
  ['after the provider, before the outcome commits', 'audit_logs'],
] as const;

/**
 * The product as a real process on PostgreSQL, killed with SIGKILL in the middle of a purchase at
 * each step of the attempt, then started again: a retry with the same Idempotency-Key answers 409
 * in progress while the attempt's lease runs, and once it has run out resumes the attempt to a 200,
 * with one charge, one subscription at the provider and one subscription_success. PostgreSQL only:
 * PGlite belongs to the server's own process, so no other connection can hold it at a step.
 */
describe.skipIf(!serverUrl)('a purchase whose server is killed at each step (skipped without DATABASE_URL)', () => {
  const databaseName = `xfilter_e2e_crash_${randomBytes(6).toString('hex')}`;
  const databaseUrl = new URL(serverUrl ?? 'postgres://unused');
  databaseUrl.pathname = `/${databaseName}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'xfilter-e2e-crash-'));
  let server: ProductServer;
  let admin: pg.Client;
  let token: string;
  let groupId: number;

  const count = async (statement: string, params: unknown[] = []) => (await admin.query<{ n: number }>(statement, params)).rows[0]!.n;
  const counts = async () => ({
    charges: await count('SELECT count(*)::int AS n FROM sandbox_charges'),
    subscriptions: await count('SELECT count(*)::int AS n FROM sandbox_subscriptions'),
    successes: await count(`SELECT count(*)::int AS n FROM audit_logs WHERE group_id = $1 AND kind = 'subscription_success'`, [groupId]),
  });
  const buy = (key: string, body: object) =>
    fetch(`${server.url}/api/v1/groups/${groupId}/subscription`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
    });

  /** Polls the database (not the clock) until the statement counts at least one row. */
  async function until(statement: string, params: unknown[]): Promise<void> {
    for (let tries = 0; tries < 600; tries += 1) {
      if ((await count(statement, params)) > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`waited in vain for: ${statement}`);
  }

  beforeAll(async () => {
    await runOnServer(serverUrl!, `CREATE DATABASE ${databaseName}`);
    server = await startProductServer(dataDir, { databaseUrl: databaseUrl.toString() });
    admin = new pg.Client({ connectionString: databaseUrl.toString() });
    await admin.connect();
    token = await sandboxToken(server.url, 'Ada Admin');
    const { groups } = await apiWithToken(server.url, token)<{ groups: Array<{ id: number }> }>('/groups');
    groupId = groups[0]!.id;
  }, 400_000);
  afterAll(async () => {
    await server?.stop();
    await admin?.end();
    await runOnServer(serverUrl!, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(STEPS)('killed %s: the retry with the same key charges once and answers 200', async (_step, table) => {
    await admin.query(`UPDATE groups SET subscribed_plan = 'free', is_locked = false, stripe_subscription_id = NULL, subscription_status = NULL WHERE id = $1`, [
      groupId,
    ]);
    const card = await (
      await fetch(`${server.url}/api/v1/sandbox/payments/card_tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ number: '4242424242424242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123' }),
      })
    ).json();
    const body = { plan: 'annual', token: card.token };
    const key = randomUUID();
    const before = await counts();

    const locker = new pg.Client({ connectionString: databaseUrl.toString() });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
    const purchase = buy(key, body).catch((error: unknown) => error);
    await until('SELECT count(*)::int AS n FROM pg_locks WHERE relation = $1::regclass AND NOT granted', [table]);
    await server.crash();
    expect(await purchase).toBeInstanceOf(Error);
    await locker.query('ROLLBACK');
    await locker.end();
    // The killed server's connections end once PostgreSQL finds their client gone.
    await until(`SELECT (count(*) = 0)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [databaseName]);
    expect(await counts()).toMatchObject({ successes: before.successes });

    server = await startProductServer(dataDir, { databaseUrl: databaseUrl.toString() });
    const early = await buy(key, body);
    expect(early.status).toBe(409);
    expect((await early.json()).error.details).toEqual({ reason: 'idempotency_key_in_progress' });

    // The lease runs out, as it would a few minutes after the crash.
    await admin.query(`UPDATE idempotency_keys SET leased_until = now() - interval '1 second' WHERE status_code IS NULL`);
    const retried = await buy(key, body);
    expect(retried.status).toBe(200);
    const answer = await retried.json();
    expect(answer.group.subscribed_plan).toBe('annual');
    expect(await counts()).toEqual({ charges: before.charges + 1, subscriptions: before.subscriptions + 1, successes: before.successes + 1 });
    expect((await (await buy(key, body)).json()).transaction_id).toBe(answer.transaction_id);
  });
});
