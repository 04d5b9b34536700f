import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectAdapter, OnboardingReturn } from '../../../server/adapters/connect';
import { audit_logs, groups, tasks, users } from '../../../server/db/schema';
import { MATCH_TASK_KIND } from '../../../server/domain/payment-account';
import { databaseKinds } from '../../support/database';
import { bearer, groupIdsByName, signInAs } from '../support/sandbox-session';
import { createSeededServer } from '../support/seeded-server';
import type { TestServer } from '../support/test-server';

const MONTHLY = 'Vintage Film Camera Swap';

/** A provider whose onboarding finishes when the test says so, recording what it is asked. */
function fakeProvider() {
  const asked: string[] = [];
  const links: OnboardingReturn[] = [];
  const state = { completed: false };
  const adapter: ConnectAdapter = {
    async createAccount(group) {
      asked.push(`create ${group.fbGroupId}`);
      return { externalAccountId: 'acct_live_1', companyName: null };
    },
    async onboardingUrl(account, back) {
      asked.push(`link ${account.externalAccountId}`);
      links.push(back);
      return 'https://connect.stripe.com/setup/s/acct_live_1/link';
    },
    async readOnboarding(id) {
      asked.push(`read ${id}`);
      return { completed: state.completed, companyName: state.completed ? 'Vintage Co' : null };
    },
    async listCustomers() {
      return { customers: [], nextCursor: null };
    },
  };
  return { adapter, asked, links, state };
}

describe.each(databaseKinds())("following the provider's onboarding (live Connect) on %s", (kind) => {
  let server: TestServer;
  let token: string;
  let groupId: number;
  const provider = fakeProvider();
  beforeAll(async () => {
    server = await createSeededServer(kind, { connect: provider.adapter });
    token = (await signInAs(server.app, 'ada')).token;
    groupId = (await groupIdsByName(server.app, token))[MONTHLY]!;
  });
  afterAll(async () => server?.close());

  const call = (method: 'GET' | 'POST', query = '') =>
    server.app.inject({ method, url: `/api/v1/groups/${groupId}/account${query}`, headers: bearer(token) });

  it("creates the provider account once and sends the browser to the provider's link, returning to the connections page", async () => {
    const first = await call('POST');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().redirect_url).toBe('https://connect.stripe.com/setup/s/acct_live_1/link');
    await call('POST');
    const [group] = await server.db.select({ fb: groups.fb_group_id }).from(groups).where(eq(groups.id, groupId));
    expect(provider.asked).toEqual([`create ${group!.fb}`, 'link acct_live_1', 'link acct_live_1']);
    expect(provider.links[0]).toEqual({
      returnUrl: `http://localhost:80/${group!.fb}/connections/stripe`,
      refreshUrl: `http://localhost:80/${group!.fb}/connections/stripe?onboarding=refresh`,
    });
  });

  it('marks an expired onboarding link for refresh when the provider sends the browser back, and a new link starts onboarding again', async () => {
    expect((await call('GET', '?onboarding=refresh')).json().properties.onboarding).toBe('refresh');
    expect((await call('GET')).json().properties.onboarding).toBe('refresh');
    const again = await call('POST');
    expect(again.json().redirect_url).toBe('https://connect.stripe.com/setup/s/acct_live_1/link');
    expect(again.json().account.properties.onboarding).toBe('started');
    expect((await call('GET', '?onboarding=bogus')).statusCode).toBe(400);
  });

  it('asks the provider while onboarding is under way and completes it once: company name, audit by the caller, one match process', async () => {
    provider.asked.length = 0;
    expect((await call('GET')).json().properties).toEqual({ company_name: null, onboarding: 'started' });
    provider.state.completed = true;
    const done = (await call('GET')).json();
    expect(done.properties).toEqual({ company_name: 'Vintage Co', onboarding: 'completed' });
    expect(done.tasks).toEqual([{ task_id: expect.any(Number), properties: { status: 'pending', progress: 0, start_timestamp: null } }]);
    await call('GET');
    expect((await call('GET', '?onboarding=refresh')).json().properties.onboarding).toBe('completed');
    expect(provider.asked).toEqual(['read acct_live_1', 'read acct_live_1']);
    expect(await server.db.select().from(tasks).where(and(eq(tasks.group_id, groupId), eq(tasks.kind, MATCH_TASK_KIND)))).toHaveLength(1);
    const [ada] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, 'ada.admin@example.com'));
    const audits = await server.db.select().from(audit_logs).where(and(eq(audit_logs.group_id, groupId), eq(audit_logs.kind, 'payment_account_connected')));
    expect(audits.map((audit) => audit.user_id)).toEqual([ada!.id]);
  });
});
