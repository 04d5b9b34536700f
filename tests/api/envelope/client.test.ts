import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { fetchSession } from '../../../machines/session/actors';
import { createApiClient, type ApiClient, type ServerHeaders } from '../../../src/api/client';
import { ENVELOPE_KEY_HEADER, ErrorAnswer, openEnvelope, openEnvelopeChannel } from '../../../src/api/envelope';
import { failureReason } from '../../../src/api/failureReason';
import { createTestServer, type TestServer } from '../support/test-server';

const BASE_URL = 'http://xfilter.test/api/v1';

/** The app's fetch, answered by the server in-process; what went over the wire is kept. */
function serverFetch(app: FastifyInstance) {
  const wire: Array<{ path: string; envelopeKey: string | null; sent: string | undefined; answered: string }> = [];
  const fetch = async (request: Request) => {
    const url = new URL(request.url);
    const sent = request.body === null ? undefined : await request.text();
    const answer = await app.inject({
      method: request.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers),
      ...(sent === undefined ? {} : { payload: sent }),
    });
    wire.push({ path: url.pathname, envelopeKey: request.headers.get(ENVELOPE_KEY_HEADER), sent, answered: answer.body });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined) headers.set(name, String(value));
    return new Response(answer.statusCode === 204 ? null : new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers });
  };
  return { fetch, wire };
}

async function signIn(api: ApiClient) {
  const issued = await api.POST('/sandbox/sign_in', { body: { account_id: 'ada' } });
  const session = await api.POST('/session', { body: { facebook_token: issued.data!.facebook_token } });
  return session.data!;
}

describe('the app client in the encrypted envelope mode', () => {
  let server: TestServer;
  let token: string | null = null;
  const reported: ServerHeaders[] = [];
  let wire: ReturnType<typeof serverFetch>['wire'];
  let api: ApiClient;
  beforeAll(async () => {
    server = await createTestServer('pglite', { envelopeKey: randomBytes(32) });
    const connection = serverFetch(server.app);
    wire = connection.wire;
    api = createApiClient({ baseUrl: BASE_URL, fetch: connection.fetch, envelope: true, getToken: () => token, onServerHeaders: (headers) => reported.push(headers) });
  });
  afterAll(async () => server?.close());

  it("reads the server's public key from GET /status once, then names its own on every call, seals what it sends and opens what it gets", async () => {
    const session = await signIn(api);
    expect(session.user.name).toBe('Ada Admin');
    token = session.access_token;
    const current = await api.GET('/session');
    expect(current.data?.user.name).toBe('Ada Admin');

    expect(wire.map((message) => message.path)).toEqual(['/api/v1/status', '/api/v1/sandbox/sign_in', '/api/v1/session', '/api/v1/session']);
    expect(wire[0]!.envelopeKey).toBeNull();
    expect(new Set(wire.slice(1).map((message) => message.envelopeKey))).toEqual(new Set([expect.stringMatching(/^[A-Za-z0-9_-]{87}$/)]));
    for (const message of wire.slice(1)) {
      expect(JSON.parse(message.answered)).toEqual({ envelope: expect.any(String) });
      if (message.sent !== undefined) expect(JSON.parse(message.sent)).toEqual({ envelope: expect.any(String) });
    }
    expect(wire.map((message) => `${message.sent ?? ''}${message.answered}`).join('')).not.toContain('Ada Admin');
  });

  it("keeps its traffic from another client, who agrees on a key of its own from the same GET /status", async () => {
    const other = serverFetch(server.app);
    const otherApi = createApiClient({ baseUrl: BASE_URL, fetch: other.fetch, envelope: true });
    expect((await otherApi.POST('/sandbox/sign_in', { body: { account_id: 'ada' } })).data).toHaveProperty('facebook_token');
    const [own, others] = [wire.at(-1)!.envelopeKey, other.wire.at(-1)!.envelopeKey];
    expect(others).not.toBe(own);

    const eavesdropper = await openEnvelopeChannel(JSON.parse(other.wire[0]!.answered).envelope_public_key);
    const sealed = wire.slice(1).flatMap((message) => [
      ...(message.sent === undefined ? [] : [{ envelope: JSON.parse(message.sent).envelope as string, direction: 'request' as const }]),
      { envelope: JSON.parse(message.answered).envelope as string, direction: 'answer' as const },
    ]);
    expect(sealed.length).toBeGreaterThan(4);
    for (const { envelope, direction } of sealed) await expect(openEnvelope(eavesdropper.key, envelope, direction)).rejects.toThrow();

    const replayed = await server.app.inject({
      method: 'POST',
      url: '/api/v1/sandbox/sign_in',
      headers: { 'content-type': 'application/json', [ENVELOPE_KEY_HEADER]: others! },
      payload: wire[1]!.sent!,
    });
    expect(replayed.statusCode).toBe(400);
  });

  it("throws a non-2xx answer's error text, after the other middleware saw its headers", async () => {
    token = 'never-issued';
    reported.length = 0;
    const thrown = await api.GET('/session').catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(ErrorAnswer);
    expect((thrown as ErrorAnswer).message).toBe('Sign in to continue');
    expect((thrown as ErrorAnswer).response.status).toBe(401);
    expect((thrown as ErrorAnswer).body).toEqual({ error: { code: 'unauthorized', message: 'Sign in to continue' } });
    expect(failureReason(thrown, undefined)).toBe('Sign in to continue');
    expect(reported).toEqual([expect.objectContaining({ forceLogout: true })]);

    const lookup = await toPromise(createActor(fetchSession, { input: { api, token } }).start());
    expect(lookup).toEqual({ kind: 'unauthorized' });

    token = null;
    const refused = await api.POST('/sandbox/sign_in', { body: { account_id: 'nobody' } }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ErrorAnswer);
    expect((refused as ErrorAnswer).response.status).toBe(404);
    expect((refused as ErrorAnswer).message).toBe((refused as ErrorAnswer & { body: { error: { message: string } } }).body.error.message);
  });
});

describe('the app client when the server has no envelope key', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer('pglite');
  });
  afterAll(async () => server?.close());

  it('sends and reads bodies in clear and answers errors as openapi-fetch does', async () => {
    const connection = serverFetch(server.app);
    const api = createApiClient({ baseUrl: BASE_URL, fetch: connection.fetch, envelope: true });
    const session = await signIn(api);
    expect(session.user.name).toBe('Ada Admin');
    expect(connection.wire[1]!.sent).toBe(JSON.stringify({ account_id: 'ada' }));
    const refused = await api.POST('/sandbox/sign_in', { body: { account_id: 'nobody' } });
    expect(refused.response.status).toBe(404);
    expect(refused.error?.error.code).toBe('not_found');
  });
});
