import { describe, expect, it } from 'vitest';
import { createActor, toPromise, type AnyActorLogic, type InputFrom } from 'xstate';
import {
  createSession,
  deleteSession,
  endSwitchedSession,
  fetchSession,
  switchSession,
  type SessionInfo,
} from '../../../machines/session/actors';
import { createApiClient } from '../../../src/api/client';
import { deriveEnvelopeKey, ENVELOPE_KEY_HEADER, fromBase64Url, openEnvelope, sealEnvelope, toBase64Url } from '../../../src/api/envelope';
import { adminUser, supervisorUser } from '../support/sessionFixtures';

const BASE_URL = 'http://xfilter.test/api/v1';

interface SentRequest {
  method: string;
  path: string;
  body: unknown;
  signal: AbortSignal;
}

type Answer = { status: number; body?: unknown } | 'network failure' | 'never';

function json(body: unknown, status: number): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * An API client whose fetch answers every call with `answer`; the calls it was sent are kept. With
 * `envelope`, the server announces its public key on GET /status, agrees on the client's key from
 * the client's `X-Envelope-Key` and seals its answers, as the encrypted envelope mode does, so a
 * non-2xx answer reaches the actor as a thrown ErrorAnswer.
 */
function fakeApi(answer: Answer, { envelope = false } = {}) {
  const sent: SentRequest[] = [];
  const serverPair = crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']);
  const serverPublicKey = serverPair.then(async (pair) => new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)));
  const clientKeyOf = async (request: Request) => {
    const client = fromBase64Url(request.headers.get(ENVELOPE_KEY_HEADER)!);
    return deriveEnvelopeKey((await serverPair).privateKey, client, { client, server: await serverPublicKey });
  };
  const fetch = async (request: Request): Promise<Response> => {
    const path = new URL(request.url).pathname.replace('/api/v1', '');
    if (envelope && request.method === 'GET' && path === '/status') return json({ envelope_public_key: toBase64Url(await serverPublicKey) }, 200);
    const key = envelope ? await clientKeyOf(request) : undefined;
    const text = request.body === null ? '' : await request.text();
    let body: unknown = text === '' ? undefined : JSON.parse(text);
    if (key && body !== undefined) body = JSON.parse(await openEnvelope(key, (body as { envelope: string }).envelope, 'request'));
    sent.push({ method: request.method, path, body, signal: request.signal });
    if (answer === 'network failure') throw new TypeError('fetch failed');
    if (answer === 'never') return new Promise<Response>(() => {});
    if (!key || answer.status === 204) return json(answer.body, answer.status);
    return json({ envelope: await sealEnvelope(key, JSON.stringify(answer.body), 'answer') }, answer.status);
  };
  return { api: createApiClient({ baseUrl: BASE_URL, fetch, envelope }), sent };
}

function run<Logic extends AnyActorLogic>(logic: Logic, input: InputFrom<Logic>) {
  return toPromise(createActor(logic, { input }).start());
}

/** Starts the actor on a server that never answers, stops it, and gives the signal of the request it sent. */
async function signalAfterStopping<Logic extends AnyActorLogic>(logic: Logic, input: (api: ReturnType<typeof fakeApi>['api']) => InputFrom<Logic>) {
  const { api, sent } = fakeApi('never');
  const actor = createActor(logic, { input: input(api) }).start();
  await expect.poll(() => sent.length).toBe(1);
  expect(sent[0]!.signal.aborted).toBe(false);
  actor.stop();
  return sent[0]!.signal;
}

const failure = (status: number, code: string, message: string) => ({ status, body: { error: { code, message } } });

const adaSession: SessionInfo = { user: adminUser, member: null, access_token: 'token-ada', switched_by: null };

describe('fetchSession (GET /session)', () => {
  it('without a stored token finds nobody signed in and does not ask the server', async () => {
    const { api, sent } = fakeApi({ status: 200, body: adaSession });
    expect(await run(fetchSession, { api, token: null })).toEqual({ kind: 'unauthorized' });
    expect(sent).toEqual([]);
  });

  it('with a stored token asks GET /session and answers the session found', async () => {
    const { api, sent } = fakeApi({ status: 200, body: adaSession });
    expect(await run(fetchSession, { api, token: 'token-ada' })).toEqual({ kind: 'signedIn', session: adaSession });
    expect(sent.map(({ method, path, body }) => ({ method, path, body }))).toEqual([{ method: 'GET', path: '/session', body: undefined }]);
  });

  it('finds nobody signed in when the server refuses the token (401)', async () => {
    const { api } = fakeApi(failure(401, 'unauthorized', 'Sign in to continue'));
    expect(await run(fetchSession, { api, token: 'token-expired' })).toEqual({ kind: 'unauthorized' });
  });

  it('finds nobody signed in when the server refuses the token in the envelope mode', async () => {
    const { api } = fakeApi(failure(401, 'unauthorized', 'Sign in to continue'), { envelope: true });
    expect(await run(fetchSession, { api, token: 'token-expired' })).toEqual({ kind: 'unauthorized' });
  });

  it("calls the session unavailable with the server's message on any other error answer", async () => {
    const { api } = fakeApi(failure(500, 'internal', 'The database is down.'));
    expect(await run(fetchSession, { api, token: 'token-ada' })).toEqual({ kind: 'unavailable', reason: 'The database is down.' });
  });

  it("calls the session unavailable with the server's message on an error answer in the envelope mode", async () => {
    const { api } = fakeApi(failure(500, 'internal', 'The database is down.'), { envelope: true });
    expect(await run(fetchSession, { api, token: 'token-ada' })).toEqual({ kind: 'unavailable', reason: 'The database is down.' });
  });

  it('calls the session unavailable when the server does not answer', async () => {
    const { api } = fakeApi('network failure');
    expect(await run(fetchSession, { api, token: 'token-ada' })).toEqual({ kind: 'unavailable', reason: 'The server did not answer.' });
  });

  it('cancels its request when it is stopped', async () => {
    const signal = await signalAfterStopping(fetchSession, (api) => ({ api, token: 'token-ada' }));
    expect(signal.aborted).toBe(true);
  });
});

describe('createSession (POST /session)', () => {
  it("sends the social network's token and opens the session it answers", async () => {
    const { api, sent } = fakeApi({ status: 200, body: { access_token: 'token-ada', user: adminUser } });
    expect(await run(createSession, { api, facebookToken: 'fb-ada' })).toEqual({ kind: 'opened', accessToken: 'token-ada', user: adminUser });
    expect(sent.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'POST', path: '/session', body: { facebook_token: 'fb-ada' } },
    ]);
  });

  it("is refused with the server's message when the token is not valid", async () => {
    const { api } = fakeApi(failure(401, 'unauthorized', 'The social network did not recognise you.'));
    expect(await run(createSession, { api, facebookToken: 'fb-nobody' })).toEqual({
      kind: 'refused',
      reason: 'The social network did not recognise you.',
    });
  });

  it("is refused with the server's message in the envelope mode", async () => {
    const { api, sent } = fakeApi(failure(409, 'conflict', 'Signing in is disabled for now.'), { envelope: true });
    expect(await run(createSession, { api, facebookToken: 'fb-ada' })).toEqual({ kind: 'refused', reason: 'Signing in is disabled for now.' });
    expect(sent.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'POST', path: '/session', body: { facebook_token: 'fb-ada' } },
    ]);
  });

  it('is refused when the server does not answer', async () => {
    const { api } = fakeApi('network failure');
    expect(await run(createSession, { api, facebookToken: 'fb-ada' })).toEqual({ kind: 'refused', reason: 'The server did not answer.' });
  });

  it("is refused with the server's message when the network's sign-in cannot be reached (503)", async () => {
    const message = "Facebook's sign-in could not be reached just now. Please try again in a few minutes.";
    const { api } = fakeApi({ status: 503, body: { error: { code: 'upstream_unreachable', message, details: { service: 'sign_in' } } } });
    expect(await run(createSession, { api, facebookToken: 'fb-ada' })).toEqual({ kind: 'refused', reason: message });
  });

  it('cancels its request when it is stopped', async () => {
    const signal = await signalAfterStopping(createSession, (api) => ({ api, facebookToken: 'fb-ada' }));
    expect(signal.aborted).toBe(true);
  });
});

describe('switchSession (POST /session/switch)', () => {
  it('sends the user to act as and opens the switched session it answers', async () => {
    const { api, sent } = fakeApi({ status: 200, body: { access_token: 'token-ada-switched', user: adminUser } });
    expect(await run(switchSession, { api, userId: 7 })).toEqual({ kind: 'opened', accessToken: 'token-ada-switched', user: adminUser });
    expect(sent.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'POST', path: '/session/switch', body: { user_id: 7 } },
    ]);
  });

  it("is refused with the server's message when there is no such user", async () => {
    const { api } = fakeApi(failure(404, 'not_found', 'No such user.'));
    expect(await run(switchSession, { api, userId: 404 })).toEqual({ kind: 'refused', reason: 'No such user.' });
  });

  it("is refused with the server's message in the envelope mode", async () => {
    const { api } = fakeApi(failure(409, 'conflict', 'You cannot switch to yourself.'), { envelope: true });
    expect(await run(switchSession, { api, userId: 8 })).toEqual({ kind: 'refused', reason: 'You cannot switch to yourself.' });
  });

  it('is refused when the server does not answer', async () => {
    const { api } = fakeApi('network failure');
    expect(await run(switchSession, { api, userId: 7 })).toEqual({ kind: 'refused', reason: 'The server did not answer.' });
  });

  it('cancels its request when it is stopped', async () => {
    const signal = await signalAfterStopping(switchSession, (api) => ({ api, userId: 7 }));
    expect(signal.aborted).toBe(true);
  });
});

describe('endSwitchedSession (DELETE /session/switch)', () => {
  it('ends the switched session and names the supervisor to return to', async () => {
    const { api, sent } = fakeApi({ status: 200, body: { user: supervisorUser } });
    expect(await run(endSwitchedSession, { api })).toEqual({ kind: 'switchedBack', user: supervisorUser });
    expect(sent.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'DELETE', path: '/session/switch', body: undefined },
    ]);
  });

  it("fails with the server's message when the session was not switched", async () => {
    const { api } = fakeApi(failure(409, 'conflict', 'This session was not switched.'));
    expect(await run(endSwitchedSession, { api })).toEqual({ kind: 'failed', reason: 'This session was not switched.' });
  });

  it("fails with the server's message in the envelope mode", async () => {
    const { api } = fakeApi(failure(409, 'conflict', 'This session was not switched.'), { envelope: true });
    expect(await run(endSwitchedSession, { api })).toEqual({ kind: 'failed', reason: 'This session was not switched.' });
  });

  it('fails when the server does not answer', async () => {
    const { api } = fakeApi('network failure');
    expect(await run(endSwitchedSession, { api })).toEqual({ kind: 'failed', reason: 'The server did not answer.' });
  });

  it('cancels its request when it is stopped', async () => {
    const signal = await signalAfterStopping(endSwitchedSession, (api) => ({ api }));
    expect(signal.aborted).toBe(true);
  });
});

describe('deleteSession (DELETE /session)', () => {
  it('asks the server to end the session', async () => {
    const { api, sent } = fakeApi({ status: 204 });
    expect(await run(deleteSession, { api })).toBeUndefined();
    expect(sent.map(({ method, path, body }) => ({ method, path, body }))).toEqual([{ method: 'DELETE', path: '/session', body: undefined }]);
  });

  it('finishes whatever the server answers, so signing out goes ahead', async () => {
    const refused = fakeApi(failure(401, 'unauthorized', 'Sign in to continue'));
    expect(await run(deleteSession, { api: refused.api })).toBeUndefined();
    const sealedRefusal = fakeApi(failure(500, 'internal', 'The database is down.'), { envelope: true });
    expect(await run(deleteSession, { api: sealedRefusal.api })).toBeUndefined();
    const silent = fakeApi('network failure');
    expect(await run(deleteSession, { api: silent.api })).toBeUndefined();
    expect([...refused.sent, ...sealedRefusal.sent, ...silent.sent].map(({ method, path }) => `${method} ${path}`)).toEqual([
      'DELETE /session',
      'DELETE /session',
      'DELETE /session',
    ]);
  });

  it('cancels its request when it is stopped', async () => {
    const signal = await signalAfterStopping(deleteSession, (api) => ({ api }));
    expect(signal.aborted).toBe(true);
  });
});
