import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/client';
import { loadAccountAffiliate } from '../../../src/features/account/accountAffiliate';

/** An API that answers each path with a status and a body, and records what was asked. */
function apiAnswering(answers: Record<string, [number, unknown]>) {
  const asked: string[] = [];
  const api = createApiClient({
    baseUrl: 'http://xfilter.test/api/v1',
    fetch: async (request) => {
      const path = new URL(request.url).pathname.replace('/api/v1', '');
      asked.push(path);
      const [status, body] = answers[path] ?? [500, { error: { code: 'internal', message: 'unexpected' } }];
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    },
  });
  return { api, asked };
}

const OFF: [number, unknown] = [404, { error: { code: 'not_found', message: 'The referral programme is off' } }];
const signal = new AbortController().signal;

describe("the account page's affiliate box", () => {
  it("shows a joined user's balance in USD with 2 decimals, from the balance call", async () => {
    const { api, asked } = apiAnswering({ '/tapfiliate/balance': [200, { balance: 8910 }] });
    expect(await loadAccountAffiliate(api, true, signal)).toEqual({ kind: 'joined', balance: '$89.10' });
    expect(asked).toEqual(['/tapfiliate/balance']);
  });

  it('offers the programme to a user who has not joined', async () => {
    const { api } = apiAnswering({ '/tapfiliate': [200, { affiliate: null }] });
    expect(await loadAccountAffiliate(api, false, signal)).toEqual({ kind: 'notJoined' });
  });

  it('is left out while the programme is off, for a joined user or not', async () => {
    expect(await loadAccountAffiliate(apiAnswering({ '/tapfiliate/balance': OFF }).api, true, signal)).toEqual({ kind: 'off' });
    expect(await loadAccountAffiliate(apiAnswering({ '/tapfiliate': OFF }).api, false, signal)).toEqual({ kind: 'off' });
  });

  it('says the balance could not be loaded when the server fails', async () => {
    expect(await loadAccountAffiliate(apiAnswering({}).api, true, signal)).toEqual({ kind: 'failed' });
  });
});
