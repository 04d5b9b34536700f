import { describe, expect, it, vi } from 'vitest';
import { createApiClient, type ServerHeaders } from '../../../src/api/client';

const BASE_URL = 'http://xfilter.test/api/v1';
const STATUS = { app_version: '1.2.0', robot_version: '2.4.0', sandbox: true };

function fakeServer(status = 200, headers: Record<string, string> = {}) {
  const requests: Request[] = [];
  const fetch = vi.fn(async (request: Request) => {
    requests.push(request);
    const body = status === 200 ? STATUS : { error: { code: 'unauthorized', message: 'Sign in first' } };
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
  });
  return { fetch, requests };
}

describe('createApiClient', () => {
  it('sends the bearer token when one exists', async () => {
    const server = fakeServer();
    const api = createApiClient({ baseUrl: BASE_URL, fetch: server.fetch, getToken: () => 'token-123' });
    await api.GET('/status');
    expect(server.requests[0].headers.get('Authorization')).toBe('Bearer token-123');
  });

  it('sends no Authorization header when nobody is signed in', async () => {
    const server = fakeServer();
    const api = createApiClient({ baseUrl: BASE_URL, fetch: server.fetch, getToken: () => null });
    await api.GET('/status');
    expect(server.requests[0].headers.has('Authorization')).toBe(false);
  });

  it('reports the version headers of every response', async () => {
    const reported: ServerHeaders[] = [];
    const server = fakeServer(200, { 'X-App-Version': '1.3.0', 'X-Robot-Version': '2.5.0' });
    const api = createApiClient({ baseUrl: BASE_URL, fetch: server.fetch, onServerHeaders: (headers) => reported.push(headers) });
    const { data } = await api.GET('/status');
    expect(data).toEqual(STATUS);
    expect(reported).toEqual([{ appVersion: '1.3.0', robotVersion: '2.5.0', forceLogout: false }]);
  });

  it('reports a forced logout, also on an error response', async () => {
    const reported: ServerHeaders[] = [];
    const server = fakeServer(401, { 'X-App-Version': '1.3.0', 'X-Robot-Version': '2.5.0', 'X-Force-Logout': '1' });
    const api = createApiClient({ baseUrl: BASE_URL, fetch: server.fetch, onServerHeaders: (headers) => reported.push(headers) });
    const { error } = await api.GET('/status');
    expect(error).toEqual({ error: { code: 'unauthorized', message: 'Sign in first' } });
    expect(reported).toEqual([{ appVersion: '1.3.0', robotVersion: '2.5.0', forceLogout: true }]);
  });

  it('reports missing headers as unknown', async () => {
    const reported: ServerHeaders[] = [];
    const server = fakeServer();
    const api = createApiClient({ baseUrl: BASE_URL, fetch: server.fetch, onServerHeaders: (headers) => reported.push(headers) });
    await api.GET('/status');
    expect(reported).toEqual([{ appVersion: null, robotVersion: null, forceLogout: false }]);
  });

  it('sends query arrays pipe-delimited', async () => {
    const server = fakeServer();
    const api = createApiClient({ baseUrl: BASE_URL, fetch: server.fetch });
    // /status takes no query; the serializer is the client's, whichever path uses it.
    await api.GET('/status', { params: { query: { kind: ['sign_in', 'sign_out'], page: 2 } } } as never);
    expect(new URL(server.requests[0].url).search).toBe('?kind=sign_in|sign_out&page=2');
  });
});
