import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFacebookIdentity } from '../../../server/adapters/identity/facebook';
import { UpstreamError } from '../../../server/adapters/upstream';
import { SPEC_UPSTREAM_TIMEOUT_MS } from '../../support/spec-numbers';

const APP_ID = '111222333';
const APP_SECRET = 'app-secret';

/** What the fake Graph API knows: token -> the app it was issued to and its user. */
const TOKENS: Record<string, { app_id: string; user_id: string }> = {
  'valid-token': { app_id: APP_ID, user_id: '5550001' },
  'other-app-token': { app_id: '999888777', user_id: '5550002' },
};

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function fakeGraph(request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url ?? '/', 'http://graph.test');
  const params = url.searchParams;
  if (url.pathname === '/v19.0/debug_token') {
    if (params.get('access_token') !== `${APP_ID}|${APP_SECRET}`) {
      return answer(response, 400, { error: { message: 'Invalid OAuth access token signature.', code: 190 } });
    }
    if (params.get('input_token') === 'graph-down') return answer(response, 503, { error: { message: 'down' } });
    if (params.get('input_token') === 'graph-html') return void response.writeHead(200, { 'content-type': 'text/html' }).end('<html>Down for maintenance</html>');
    if (params.get('input_token') === 'graph-truncated') return void response.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{"is_val');
    if (params.get('input_token') === 'graph-hangs') return;
    const known = TOKENS[params.get('input_token') ?? ''];
    return answer(response, 200, { data: known ? { ...known, is_valid: true } : { is_valid: false, error: { code: 190 } } });
  }
  const asksForProfile = params.get('fields') === 'id,name,first_name,last_name,email,picture';
  if (url.pathname === '/v19.0/me' && asksForProfile && params.get('access_token') === 'valid-token') {
    return answer(response, 200, {
      id: '5550001',
      name: 'Vera Valid',
      first_name: 'Vera',
      last_name: 'Valid',
      email: 'vera@example.com',
      picture: { data: { url: 'https://graph.test/vera.jpg' } },
    });
  }
  answer(response, 404, { error: { message: 'unknown path' } });
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v19.0`;
}

describe('the Facebook identity adapter', () => {
  const server = createServer(fakeGraph);
  let graphUrl: string;
  let unreachableUrl: string;

  beforeAll(async () => {
    graphUrl = await listen(server);
    const closed = createServer();
    unreachableUrl = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });

  const identity = (overrides: { graphUrl?: string; appSecret?: string; timeoutMs?: number } = {}) =>
    createFacebookIdentity({ appId: APP_ID, appSecret: APP_SECRET, graphUrl, ...overrides });

  it('answers who a valid token of our app belongs to', async () => {
    expect(await identity().verify('valid-token')).toEqual({
      fb_user_id: '5550001',
      fb_auth_user_id: '5550001',
      name: 'Vera Valid',
      first_name: 'Vera',
      last_name: 'Valid',
      email: 'vera@example.com',
      avatar_url: 'https://graph.test/vera.jpg',
    });
  });

  it('answers null for a token the network says is not valid', async () => {
    expect(await identity().verify('made-up-token')).toBeNull();
  });

  it('answers null for a valid token issued to another app', async () => {
    expect(await identity().verify('other-app-token')).toBeNull();
  });

  it('tolerates a trailing slash in the Graph URL', async () => {
    expect((await identity({ graphUrl: `${graphUrl}/` }).verify('valid-token'))?.fb_user_id).toBe('5550001');
  });

  it('fails as unreachable, rather than calling the token invalid, when the network cannot be reached within the 10 s it gives a call', async () => {
    await expect(identity({ graphUrl: unreachableUrl }).verify('valid-token')).rejects.toMatchObject({
      service: 'sign_in',
      failure: 'unreachable',
      message: expect.stringMatching(new RegExp(` got no answer within ${SPEC_UPSTREAM_TIMEOUT_MS} ms$`)),
    });
  });

  it('fails as unreachable when the network does not answer within the timeout', async () => {
    await expect(identity({ timeoutMs: 100 }).verify('graph-hangs')).rejects.toMatchObject({ service: 'sign_in', failure: 'unreachable' });
  });

  it.each(['graph-down', 'graph-html', 'graph-truncated'])('fails as a bad answer when the network answers a server error or what is not JSON (%s)', async (token) => {
    const failure = identity().verify(token);
    await expect(failure).rejects.toBeInstanceOf(UpstreamError);
    await expect(failure).rejects.toMatchObject({ service: 'sign_in', failure: 'bad_answer' });
  });

  it('never names the token in its failure', async () => {
    await expect(identity().verify('graph-down')).rejects.toSatisfy((error: Error) => !error.message.includes('graph-down') && !error.message.includes(APP_SECRET));
  });

  it('fails with a hint when our app credentials are refused', async () => {
    await expect(identity({ appSecret: 'wrong' }).verify('valid-token')).rejects.toThrow('FACEBOOK_APP_SECRET');
  });

  it('fails when the app credentials are not configured', async () => {
    await expect(createFacebookIdentity({ graphUrl }).verify('valid-token')).rejects.toThrow('FACEBOOK_APP_ID');
  });
});
