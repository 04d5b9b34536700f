import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/client';
import { chooseIdentity } from '../../../src/identity/chooseIdentity';
import { listSandboxAccounts, sandboxFacebookToken } from '../../../src/identity/sandboxAccounts';

function json(body: unknown, status = 200): Promise<Response> {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

function apiAnswering(answer: (request: Request) => Promise<Response>) {
  const requests: Request[] = [];
  const api = createApiClient({
    baseUrl: 'http://xfilter.test/api/v1',
    fetch: (request) => {
      requests.push(request);
      return answer(request);
    },
  });
  return { api, requests };
}

const ada = { id: 'ada', name: 'Ada Admin', description: 'Group admin with four groups.', role: 'group_admin' as const };
const page = { document: {} as Document };

describe('the sandbox sign-in', () => {
  it('is chosen in sandbox mode and sends the button to the account picker', async () => {
    await expect(chooseIdentity(true, page, null).signIn()).resolves.toEqual({ kind: 'redirect', to: '/auth/sandbox' });
  });

  it('lists the sandbox accounts', async () => {
    const { api } = apiAnswering(() => json({ accounts: [ada] }));
    await expect(listSandboxAccounts(api)).resolves.toEqual({ kind: 'loaded', accounts: [ada] });
  });

  it("says why the accounts could not be listed", async () => {
    const { api } = apiAnswering(() => json({ error: { code: 'not_found', message: 'Not in sandbox mode.' } }, 404));
    await expect(listSandboxAccounts(api)).resolves.toEqual({ kind: 'failed', reason: 'Not in sandbox mode.' });
  });

  it('asks POST /sandbox/sign_in for the chosen account and answers its social-network token', async () => {
    const { api, requests } = apiAnswering(() => json({ facebook_token: 'sandbox-token-ada' }));
    await expect(sandboxFacebookToken(api, 'ada')).resolves.toEqual({ kind: 'token', facebookToken: 'sandbox-token-ada' });
    expect(requests[0].method).toBe('POST');
    expect(new URL(requests[0].url).pathname).toBe('/api/v1/sandbox/sign_in');
    await expect(requests[0].json()).resolves.toEqual({ account_id: 'ada' });
  });

  it('fails when the server cannot be reached', async () => {
    const { api } = apiAnswering(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(sandboxFacebookToken(api, 'ada')).resolves.toEqual({ kind: 'failed', reason: 'The server did not answer.' });
  });
});
