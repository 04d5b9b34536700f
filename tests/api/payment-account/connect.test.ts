import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxConnect } from '../../../server/adapters/connect/sandbox';
import { audit_logs, customers, groups, matches, members, memberships, payment_accounts, tasks, users } from '../../../server/db/schema';
import { MATCH_TASK_KIND } from '../../../server/domain/payment-account';
import { runTaskStep, serverTaskKinds } from '../../../server/tasks';
import { databaseKinds } from '../../support/database';
import { createResponseValidator } from '../support/contract-schemas';
import { bearer, groupIdsByName, signInAs } from '../support/sandbox-session';
import { createSeededServer } from '../support/seeded-server';
import type { TestServer } from '../support/test-server';

const contract = createResponseValidator();
const FREE = 'Backyard Beekeepers Circle';
const LOCKED = 'Sourdough Bakers Support';
const ANNUAL = 'Trail Runners Worldwide';
const MONTHLY = 'Vintage Film Camera Swap';

describe.each(databaseKinds())('connecting and disconnecting the payment account on %s', (kind) => {
  let server: TestServer;
  let token: string;
  let groupIds: Record<string, number>;
  beforeAll(async () => {
    server = await createSeededServer(kind);
    token = (await signInAs(server.app, 'ada')).token;
    groupIds = await groupIdsByName(server.app, token);
  });
  afterAll(async () => server?.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', groupName: string) =>
    server.app.inject({ method, url: `/api/v1/groups/${groupIds[groupName]}/account`, headers: bearer(token) });
  const connect = async (groupName: string) => {
    const response = await call('POST', groupName);
    expect(response.statusCode, response.body).toBe(200);
    expect(contract.validate('/groups/{id}/account', 'POST', 200, response.json())).toBeUndefined();
    return response.json();
  };
  const page = (query: Record<string, string | number>) =>
    server.app.inject({ method: 'GET', url: `/api/v1/sandbox/payments/connect?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` });
  const complete = (body: { group_id: number; state: string }) =>
    server.app.inject({ method: 'POST', url: '/api/v1/sandbox/payments/connect/complete', payload: body });
  const fbGroupIdOf = async (groupName: string) =>
    (await server.db.select({ fb: groups.fb_group_id }).from(groups).where(eq(groups.id, groupIds[groupName]!)))[0]!.fb;
  const auditsOf = (groupName: string, kind: 'payment_account_connected' | 'payment_account_disconnected') =>
    server.db.select().from(audit_logs).where(and(eq(audit_logs.group_id, groupIds[groupName]!), eq(audit_logs.kind, kind)));

  it('refuses a free group with reason free_plan and a locked one with reason locked, connecting nothing', async () => {
    for (const [groupName, reason] of [[FREE, 'free_plan'], [LOCKED, 'locked']] as const) {
      for (const method of ['POST', 'DELETE'] as const) {
        const response = await call(method, groupName);
        expect(response.statusCode, `${method} ${groupName}`).toBe(409);
        expect(response.json().error.details).toEqual({ reason });
      }
    }
    expect(await server.db.select().from(payment_accounts).where(inArray(payment_accounts.group_id, [groupIds[FREE]!, groupIds[LOCKED]!]))).toEqual([]);
  });

  it('answers 404 to a disconnect when nothing is connected', async () => {
    expect((await call('DELETE', MONTHLY)).statusCode).toBe(404);
  });

  it("starts onboarding once and sends the browser to the sandbox Connect page, which shows the group and refuses a wrong state", async () => {
    const first = await connect(ANNUAL);
    expect(first.account.properties.onboarding).toBe('started');
    expect(first.account.properties.company_name).toEqual(expect.any(String));
    const url = new URL(first.redirect_url);
    expect(url.pathname).toBe('/api/v1/sandbox/payments/connect');
    expect(url.searchParams.get('group_id')).toBe(String(groupIds[ANNUAL]));
    const state = url.searchParams.get('state')!;
    expect(state).toMatch(/^sandbox_acct_[0-9a-f]{32}$/);
    const again = await connect(ANNUAL);
    expect(new URL(again.redirect_url).searchParams.get('state')).toBe(state);
    expect(await server.db.select().from(payment_accounts).where(eq(payment_accounts.group_id, groupIds[ANNUAL]!))).toHaveLength(1);

    const shown = await page({ group_id: groupIds[ANNUAL]!, state });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toMatch(/^text\/html/);
    expect(shown.body).toContain('<title>Stripe Connect (sandbox)</title>');
    expect(shown.body).toContain(ANNUAL);
    expect(shown.body).toContain('src="/sandbox-connect/connect.js"');
    expect(shown.body).toContain('href="/sandbox-connect/connect.css"');
    expect(shown.body).not.toContain('<script>');
    for (const file of ['connect.js', 'connect.css']) expect(existsSync(join('public', 'sandbox-connect', file)), file).toBe(true);

    expect((await page({ group_id: groupIds[ANNUAL]!, state: `${state}x` })).statusCode).toBe(404);
    expect((await page({ group_id: groupIds[MONTHLY]!, state })).statusCode).toBe(404);
    expect((await complete({ group_id: groupIds[MONTHLY]!, state })).statusCode).toBe(404);
    expect((await complete({ group_id: groupIds[ANNUAL]!, state: 'sandbox_acct_guessed' })).statusCode).toBe(404);
    expect((await call('GET', ANNUAL)).json().properties.onboarding).toBe('started');
  });

  it('completes onboarding from the Connect page: audited, one match process queued, back to the connections page', async () => {
    const state = new URL((await connect(ANNUAL)).redirect_url).searchParams.get('state')!;
    const response = await complete({ group_id: groupIds[ANNUAL]!, state });
    expect(response.statusCode, response.body).toBe(200);
    expect(contract.validate('/sandbox/payments/connect/complete', 'POST', 200, response.json())).toBeUndefined();
    const body = response.json();
    expect(body.return_url).toBe(`http://localhost:80/${await fbGroupIdOf(ANNUAL)}/connections/stripe`);
    expect(body.account.properties.onboarding).toBe('completed');
    expect(body.account.tasks).toEqual([{ task_id: expect.any(Number), properties: { status: 'pending', progress: 0, start_timestamp: null } }]);
    expect(await auditsOf(ANNUAL, 'payment_account_connected')).toHaveLength(1);

    expect((await complete({ group_id: groupIds[ANNUAL]!, state })).statusCode).toBe(200);
    expect(await server.db.select().from(tasks).where(eq(tasks.group_id, groupIds[ANNUAL]!))).toHaveLength(1);
    expect(await auditsOf(ANNUAL, 'payment_account_connected')).toHaveLength(1);
    const connectedAgain = await connect(ANNUAL);
    expect(connectedAgain.redirect_url).toBeUndefined();
  });

  it("runs the match process to completion: the sandbox customers imported, Ada's own email matched for sure", async () => {
    const kinds = serverTaskKinds(server.db, createSandboxConnect(server.db));
    const progress: number[] = [];
    let clock = Date.parse('2026-11-25T10:00:00Z');
    for (let step = 0; step < 50; step += 1) {
      clock += 1000;
      const result = await runTaskStep(server.db, kinds, new Date(clock));
      if (result === null) break;
      const [task] = await server.db.select().from(tasks).where(eq(tasks.id, result.taskId));
      progress.push(task!.progress);
    }
    expect(progress.length).toBeGreaterThan(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(100);
    const account = (await call('GET', ANNUAL)).json();
    expect(account.tasks[0].properties).toMatchObject({ status: 'completed', progress: 100 });

    const [row] = await server.db.select({ id: payment_accounts.id }).from(payment_accounts).where(eq(payment_accounts.group_id, groupIds[ANNUAL]!));
    const imported = await server.db.select().from(customers).where(eq(customers.account_id, row!.id));
    expect(imported.length).toBeGreaterThanOrEqual(12);
    expect(new Set(imported.map((customer) => customer.subscription_status))).toEqual(new Set(['active', 'past_due', 'canceled', null]));
    const [ada] = await server.db
      .select({ memberId: members.id })
      .from(users)
      .innerJoin(members, eq(members.fb_user_id, users.fb_user_id))
      .where(eq(users.email, 'ada.admin@example.com'));
    const adaCustomer = imported.find((customer) => customer.email === 'ada.admin@example.com')!;
    const [adaMatch] = await server.db.select().from(matches).where(eq(matches.customer_id, adaCustomer.id)).orderBy(matches.score);
    expect(adaMatch).toMatchObject({ member_id: ada!.memberId, score: 1, reason: 'same email', status: 'suggested', requires_attention: false });
    const suggestions = await server.db.select().from(matches).where(eq(matches.account_id, row!.id));
    expect(suggestions.some((match) => match.requires_attention)).toBe(true);
  });

  it("disconnects in one go: the account, its customers, matches and match processes, and the linked members' paid columns", async () => {
    const groupId = groupIds[ANNUAL]!;
    const [row] = await server.db.select({ id: payment_accounts.id }).from(payment_accounts).where(eq(payment_accounts.group_id, groupId));
    const [linked, unlinked] = await server.db.select({ memberId: memberships.member_id }).from(memberships).where(eq(memberships.group_id, groupId)).limit(2);
    const [customer] = await server.db.select({ id: customers.id }).from(customers).where(eq(customers.account_id, row!.id)).limit(1);
    await server.db.update(customers).set({ member_id: linked!.memberId }).where(eq(customers.id, customer!.id));
    const paying = { paid: 4900, subscription: 'sub_1', subscription_status: 'active' };
    await server.db.update(memberships).set(paying).where(and(eq(memberships.group_id, groupId), inArray(memberships.member_id, [linked!.memberId, unlinked!.memberId])));

    const response = await call('DELETE', ANNUAL);
    expect(response.statusCode, response.body).toBe(204);
    expect(await server.db.select().from(payment_accounts).where(eq(payment_accounts.group_id, groupId))).toEqual([]);
    expect(await server.db.select().from(customers).where(eq(customers.account_id, row!.id))).toEqual([]);
    expect(await server.db.select().from(matches).where(eq(matches.account_id, row!.id))).toEqual([]);
    expect(await server.db.select().from(tasks).where(and(eq(tasks.group_id, groupId), eq(tasks.kind, MATCH_TASK_KIND)))).toEqual([]);
    const paidColumns = async (memberId: number) =>
      (
        await server.db
          .select({ paid: memberships.paid, subscription: memberships.subscription, subscription_status: memberships.subscription_status })
          .from(memberships)
          .where(and(eq(memberships.group_id, groupId), eq(memberships.member_id, memberId)))
      )[0];
    expect(await paidColumns(linked!.memberId)).toEqual({ paid: null, subscription: null, subscription_status: null });
    expect(await paidColumns(unlinked!.memberId)).toEqual(paying);
    expect(await auditsOf(ANNUAL, 'payment_account_disconnected')).toHaveLength(1);
    expect((await call('GET', ANNUAL)).json()).toEqual({ properties: { company_name: null, onboarding: null }, tasks: [] });
    expect((await call('DELETE', ANNUAL)).statusCode).toBe(404);
  });
});
