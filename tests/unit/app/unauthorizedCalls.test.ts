import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/api/client';
import { isKeySessionCall, watchUnauthorizedKeyCalls } from '../../../src/app/unauthorizedCalls';

describe('isKeySessionCall', () => {
  it.each([
    ['GET', '/session'],
    ['GET', '/groups'],
    ['GET', '/groups/12'],
    ['POST', '/groups/12/flags'],
    ['PUT', '/groups/12/subscription'],
    ['POST', '/groups/12/subscription/source'],
    ['GET', '/flags'],
    ['POST', '/settings'],
    ['PUT', '/users/email'],
    ['GET', '/tapfiliate/balance'],
  ])('%s %s is a key user, group or account call', (method, path) => {
    expect(isKeySessionCall(method, path)).toBe(true);
  });

  it.each([
    ['POST', '/session'],
    ['DELETE', '/session'],
    ['DELETE', '/session/switch'],
    ['GET', '/groups/12/members'],
    ['GET', '/status'],
  ])('%s %s is not', (method, path) => {
    expect(isKeySessionCall(method, path)).toBe(false);
  });
});

describe('watchUnauthorizedKeyCalls', () => {
  const answering = (status: number) => () =>
    Promise.resolve(new Response(JSON.stringify({ error: { code: 'unauthorized', message: 'No.' } }), { status }));

  it('reports a 401 on a key call', async () => {
    const api = createApiClient({ baseUrl: 'http://xfilter.test/api/v1', fetch: answering(401) });
    const onUnauthorized = vi.fn();
    watchUnauthorizedKeyCalls(api, 'http://xfilter.test/api/v1', onUnauthorized);
    await api.GET('/groups/{id}', { params: { path: { id: 12 } } });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('ignores other answers and other calls, with a relative base URL too', async () => {
    const onUnauthorized = vi.fn();
    const forbidden = createApiClient({ baseUrl: 'http://xfilter.test/api/v1', fetch: answering(403) });
    watchUnauthorizedKeyCalls(forbidden, '/api/v1', onUnauthorized);
    await forbidden.GET('/groups');
    const signIn = createApiClient({ baseUrl: 'http://xfilter.test/api/v1', fetch: answering(401) });
    watchUnauthorizedKeyCalls(signIn, '/api/v1', onUnauthorized);
    await signIn.POST('/session', { body: { facebook_token: 'x' } });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
