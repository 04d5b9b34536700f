import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectAdapter } from '../../../server/adapters/connect';
import { createStripeConnect } from '../../../server/adapters/connect/stripe';

const SECRET_KEY = 'sk_test_fake';

interface Received {
  method: string;
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
  stripeAccount: string | undefined;
  authorization: string | undefined;
}

const account = (id: string, done: boolean) => ({
  id,
  object: 'account',
  details_submitted: done,
  charges_enabled: done,
  business_profile: { name: done ? 'Trail Co' : null },
  settings: { dashboard: { display_name: 'trail-dashboard' } },
});

const list = (data: unknown[], hasMore: boolean) => ({ object: 'list', data, has_more: hasMore, url: '/v1/list' });

const customer = (id: string, name: string | null, email: string | null, subscriptions: Array<{ id: string; created: number; status: string }>) => ({
  id,
  object: 'customer',
  name,
  email,
  subscriptions: list(subscriptions.map((subscription) => ({ ...subscription, object: 'subscription' })), false),
});

/** Stripe's API as far as the Connect adapter uses it. */
function route({ method, path, query }: Received): readonly [number, unknown] {
  if (method === 'POST' && path === '/v1/accounts') return [200, account('acct_new', false)];
  if (method === 'POST' && path === '/v1/account_links') return [200, { object: 'account_link', url: 'https://connect.stripe.com/setup/s/acct_new/abc', expires_at: 1 }];
  if (method === 'GET' && path === '/v1/accounts/acct_done') return [200, account('acct_done', true)];
  if (method === 'GET' && path === '/v1/accounts/acct_halfway') return [200, { ...account('acct_halfway', false), details_submitted: true }];
  if (method === 'GET' && path === '/v1/customers') {
    if (!query.starting_after) {
      return [
        200,
        list(
          [
            customer('cus_1', 'Ada Baker', 'ada@example.com', [
              { id: 'sub_old', created: 1_600_000_000, status: 'canceled' },
              { id: 'sub_new', created: 1_700_000_000, status: 'active' },
            ]),
            customer('cus_2', null, 'grace@example.com', []),
          ],
          true,
        ),
      ];
    }
    return [200, list([customer('cus_3', 'Katherine Johnson', null, [{ id: 'sub_3', created: 1_650_000_000, status: 'past_due' }])], false)];
  }
  if (method === 'GET' && path === '/v1/invoices') {
    const paid: Record<string, number[]> = { cus_1: [4900, 4900], cus_2: [], cus_3: [1999] };
    return [200, list((paid[query.customer!] ?? []).map((amount, index) => ({ id: `in_${index}`, object: 'invoice', amount_paid: amount })), false)];
  }
  return [404, { error: { type: 'invalid_request_error', message: `No route ${method} ${path}` } }];
}

describe('the live connected-account adapter over Stripe Connect', () => {
  const received: Received[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const [path, search] = (request.url ?? '').split('?');
      const call: Received = {
        method: request.method ?? '',
        path: path!,
        query: Object.fromEntries(new URLSearchParams(search ?? '')),
        form: Object.fromEntries(new URLSearchParams(body)),
        stripeAccount: request.headers['stripe-account'] as string | undefined,
        authorization: request.headers.authorization,
      };
      received.push(call);
      const [status, answer] = route(call);
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' }).end(JSON.stringify(answer));
    });
  });
  let connect: ConnectAdapter;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    connect = createStripeConnect({
      secretKey: SECRET_KEY,
      api: { host: '127.0.0.1', port: (server.address() as AddressInfo).port, protocol: 'http' },
      maxNetworkRetries: 0,
    });
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    received.length = 0;
  });

  it('creates a Standard account for the group with the secret key', async () => {
    expect(await connect.createAccount({ id: 12, name: 'Trail Runners', fbGroupId: '1000012' })).toEqual({
      externalAccountId: 'acct_new',
      companyName: 'trail-dashboard',
    });
    expect(received).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/v1/accounts',
        form: { type: 'standard', 'metadata[xfilter_group_id]': '12', 'metadata[fb_group_id]': '1000012' },
        authorization: `Bearer ${SECRET_KEY}`,
        stripeAccount: undefined,
      }),
    ]);
  });

  it('answers an onboarding account link that returns, or refreshes, to the connections page', async () => {
    const back = { returnUrl: 'https://app.example/1000012/connections/stripe', refreshUrl: 'https://app.example/1000012/connections/stripe?onboarding=refresh' };
    expect(await connect.onboardingUrl({ externalAccountId: 'acct_new', groupId: 12 }, back)).toBe('https://connect.stripe.com/setup/s/acct_new/abc');
    expect(received).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/v1/account_links',
        form: { account: 'acct_new', type: 'account_onboarding', return_url: back.returnUrl, refresh_url: back.refreshUrl },
      }),
    ]);
  });

  it('says onboarding is completed only once details are submitted and charges are enabled', async () => {
    expect(await connect.readOnboarding!('acct_done')).toEqual({ completed: true, companyName: 'Trail Co' });
    expect(await connect.readOnboarding!('acct_halfway')).toEqual({ completed: false, companyName: 'trail-dashboard' });
    expect(received.map(({ method, path }) => `${method} ${path}`)).toEqual(['GET /v1/accounts/acct_done', 'GET /v1/accounts/acct_halfway']);
  });

  it("reads the account's customers page by page on its behalf, with paid invoices summed and the newest subscription", async () => {
    const first = await connect.listCustomers({ externalAccountId: 'acct_done', groupId: 12 }, null, 2);
    expect(first).toEqual({
      customers: [
        { externalId: 'cus_1', name: 'Ada Baker', email: 'ada@example.com', paid: 9800, subscription: 'sub_new', subscriptionCreated: 1_700_000_000, subscriptionStatus: 'active' },
        { externalId: 'cus_2', name: null, email: 'grace@example.com', paid: 0, subscription: null, subscriptionCreated: null, subscriptionStatus: null },
      ],
      nextCursor: 'cus_2',
    });
    const customersCall = received.find((call) => call.path === '/v1/customers')!;
    expect(customersCall.query).toEqual({ limit: '2', 'expand[0]': 'data.subscriptions' });
    expect(received.every((call) => call.stripeAccount === 'acct_done')).toBe(true);
    expect(received.filter((call) => call.path === '/v1/invoices').map((call) => call.query)).toEqual([
      { customer: 'cus_1', status: 'paid', limit: '100' },
      { customer: 'cus_2', status: 'paid', limit: '100' },
    ]);

    received.length = 0;
    const last = await connect.listCustomers({ externalAccountId: 'acct_done', groupId: 12 }, 'cus_2', 2);
    expect(last).toEqual({
      customers: [{ externalId: 'cus_3', name: 'Katherine Johnson', email: null, paid: 1999, subscription: 'sub_3', subscriptionCreated: 1_650_000_000, subscriptionStatus: 'past_due' }],
      nextCursor: null,
    });
    expect(received.find((call) => call.path === '/v1/customers')!.query).toMatchObject({ starting_after: 'cus_2' });
  });
});
