import { createECDH, randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { envelopeKeyPair, openEnvelope as openOnServer, sealEnvelope as sealOnServer } from '../../../server/http/envelope';
import { openEnvelope, openEnvelopeChannel, sealEnvelope, type EnvelopeChannel } from '../../../src/api/envelope';
import { httpOnlyDatabase } from '../../support/database';
import { createResponseValidator } from '../support/contract-schemas';
import { createRoleWorld, openRoleSession, type RoleWorld } from '../support/roles';
import { bearer } from '../support/sandbox-session';
import { tableCounts } from '../support/table-counts';
import { createTestServer, type TestServer } from '../support/test-server';

const contract = createResponseValidator();
const KEY = randomBytes(32);

/** One client of the mode: its own key pair, agreed with the public key GET /status announces. */
interface Client {
  channel: EnvelopeChannel;
  headers: Record<string, string>;
  sealed(body: unknown): Promise<{ envelope: string }>;
  /** The answer's body, opened: every JSON answer but GET /status's is an envelope and nothing else. */
  opened(response: LightMyRequestResponse): Promise<any>;
}

async function clientOf(app: FastifyInstance): Promise<Client> {
  const status = await app.inject({ method: 'GET', url: '/api/v1/status' });
  const channel = await openEnvelopeChannel(status.json().envelope_public_key);
  return {
    channel,
    headers: { 'x-envelope-key': channel.publicKey },
    sealed: async (body) => ({ envelope: await sealEnvelope(channel.key, JSON.stringify(body), 'request') }),
    opened: async (response) => {
      const body = response.json();
      expect(Object.keys(body)).toEqual(['envelope']);
      return JSON.parse(await openEnvelope(channel.key, body.envelope, 'answer'));
    },
  };
}

describe.each(httpOnlyDatabase())('the encrypted envelope mode on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  let ada: Client;
  beforeAll(async () => {
    server = await createTestServer(kind, { envelopeKey: KEY });
    world = await createRoleWorld(server.db);
    ada = await clientOf(server.app);
  });
  afterAll(async () => server?.close());

  /** A call as `client`: its public key in the header, besides `options`' own. */
  const call = (client: Client | null, options: InjectOptions) =>
    server.app.inject({ ...options, url: `/api/v1${options.url}`, headers: { ...client?.headers, ...options.headers } });

  it("announces the server's public key on GET /status, in clear, and no key that opens an envelope", async () => {
    const status = await call(null, { method: 'GET', url: '/status' });
    expect(status.statusCode).toBe(200);
    expect(contract.validate('/status', 'GET', 200, status.json())).toBeUndefined();
    const publicKey = Buffer.from(status.json().envelope_public_key, 'base64url');
    expect(publicKey.length).toBe(65);
    const probe = createECDH('prime256v1');
    probe.generateKeys();
    expect(() => probe.computeSecret(publicKey), 'a point of P-256').not.toThrow();
    expect(status.body).not.toContain(KEY.toString('base64'));
    expect(status.body).not.toContain(KEY.toString('base64url'));
  });

  it('signs in with sealed bodies both ways, and the opened answers keep to the contract', async () => {
    const issued = await call(ada, { method: 'POST', url: '/sandbox/sign_in', payload: await ada.sealed({ account_id: 'ada' }) });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.headers['content-type']).toMatch(/^application\/json/);
    expect(issued.headers['x-app-version']).toBe(server.config.appVersion);
    const { facebook_token } = await ada.opened(issued);

    const signedIn = await call(ada, { method: 'POST', url: '/session', payload: await ada.sealed({ facebook_token }) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.body).not.toContain('Ada Admin');
    const session = await ada.opened(signedIn);
    expect(contract.validate('/session', 'POST', 200, session)).toBeUndefined();
    expect(session.user.name).toBe('Ada Admin');

    const current = await call(ada, { method: 'GET', url: '/session', headers: bearer(session.access_token) });
    expect(await ada.opened(current)).toMatchObject({ user: { name: 'Ada Admin' }, access_token: session.access_token });
  });

  it("gives two clients keys that cannot open each other's envelopes, asked or answered", async () => {
    const eve = await clientOf(server.app);
    expect(eve.channel.publicKey).not.toBe(ada.channel.publicKey);
    const request = await ada.sealed({ account_id: 'ada' });
    await expect(openEnvelope(eve.channel.key, request.envelope, 'request')).rejects.toThrow();

    const answered = await call(ada, { method: 'POST', url: '/sandbox/sign_in', payload: request });
    expect(answered.statusCode).toBe(200);
    await expect(openEnvelope(eve.channel.key, answered.json().envelope, 'answer')).rejects.toThrow();
    expect(await ada.opened(answered)).toHaveProperty('facebook_token');

    // Ada's sealed body sent under Eve's public key does not open, nor does Eve's under Ada's.
    const replayed = await call(eve, { method: 'POST', url: '/sandbox/sign_in', payload: request });
    expect(replayed.statusCode).toBe(400);
    expect((await eve.opened(replayed)).error.details).toEqual({ field: 'envelope', location: 'body', rule: 'envelope' });
    const swapped = await call(ada, { method: 'POST', url: '/sandbox/sign_in', payload: await eve.sealed({ account_id: 'ada' }) });
    expect(swapped.statusCode).toBe(400);
  });

  it('opens a client\'s envelopes on every process given the same ENVELOPE_KEY, with nothing kept from the handshake', async () => {
    const other = await buildServer({ ...server.config, envelopeKey: Buffer.from(KEY) }, { database: server.database });
    try {
      const token = (await openRoleSession(server.db, world, 'groupAdmin'))!;
      const answered = await other.inject({ method: 'GET', url: '/api/v1/session', headers: { ...ada.headers, ...bearer(token) } });
      expect(answered.statusCode, answered.body).toBe(200);
      expect((await ada.opened(answered)).access_token).toBe(token);
      const signIn = await other.inject({ method: 'POST', url: '/api/v1/sandbox/sign_in', headers: ada.headers, payload: await ada.sealed({ account_id: 'ada' }) });
      expect(signIn.statusCode, signIn.body).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('refuses an answer sent back as a request: the direction is sealed in', async () => {
    const key = envelopeKeyPair(KEY).clientKey(ada.channel.publicKey)!;
    const reflected = { envelope: sealOnServer(key, JSON.stringify({ account_id: 'ada' }), 'answer') };
    const refused = await call(ada, { method: 'POST', url: '/sandbox/sign_in', payload: reflected });
    expect(refused.statusCode).toBe(400);
    expect(openOnServer(key, (await ada.sealed({})).envelope, 'request')).toBe('{}');
  });

  it('refuses, in clear and before anything else, a call without a valid public key of its client', async () => {
    const p256 = createECDH('prime256v1');
    p256.generateKeys();
    const notOnTheCurve = Buffer.from(ada.channel.publicKey, 'base64url');
    notOnTheCurve[64]! ^= 1;
    const headers = {
      missing: {},
      'not base64url': { 'x-envelope-key': `${ada.channel.publicKey}!` },
      'not a point': { 'x-envelope-key': randomBytes(65).toString('base64url') },
      'not on the curve': { 'x-envelope-key': notOnTheCurve.toString('base64url') },
      compressed: { 'x-envelope-key': p256.getPublicKey(undefined, 'compressed').toString('base64url') },
      empty: { 'x-envelope-key': '' },
    };
    for (const [label, sent] of Object.entries(headers)) {
      for (const options of [
        { method: 'GET' as const, url: '/session' },
        { method: 'POST' as const, url: '/sandbox/sign_in', payload: await ada.sealed({ account_id: 'ada' }) },
      ]) {
        const response = await call(null, { ...options, headers: sent });
        expect(response.statusCode, label).toBe(400);
        expect(response.json(), label).toEqual({
          error: {
            code: 'bad_request',
            message: 'The X-Envelope-Key header is not a P-256 public key in base64url',
            details: { field: 'X-Envelope-Key', location: 'header', rule: 'envelope' },
          },
        });
      }
    }
  });

  it('seals every message with an iv of its own', async () => {
    expect((await ada.sealed({})).envelope).not.toBe((await ada.sealed({})).envelope);
  });

  it('validates the opened body as usual', async () => {
    const refused = await call(ada, { method: 'POST', url: '/session', payload: await ada.sealed({ facebook_token: 'x', extra: 1 }) });
    expect(refused.statusCode).toBe(400);
    expect((await ada.opened(refused)).error).toMatchObject({ code: 'bad_request', details: { field: 'extra' } });
  });

  it('refuses a sealed body nested deeper than any body of the contract, naming the body', async () => {
    const deep = `{"facebook_token":${'['.repeat(5_000)}${']'.repeat(5_000)}}`;
    const payload = { envelope: await sealEnvelope(ada.channel.key, deep, 'request') };
    const refused = await call(ada, { method: 'POST', url: '/session', payload });
    expect(refused.statusCode).toBe(400);
    expect((await ada.opened(refused)).error).toMatchObject({ code: 'bad_request', details: { field: 'body', rule: 'max_depth' } });
  });

  it('answers 400 naming the envelope, and writes nothing, to a tampered, foreign, malformed or plain body', async () => {
    const token = (await openRoleSession(server.db, world, 'groupAdmin'))!;
    const body = { ids: [world.memberId], is_whitelisted: true };
    const good = (await ada.sealed(body)).envelope;
    const flipped = Buffer.from(good, 'base64url');
    flipped[flipped.length - 20]! ^= 1;
    const refusedBodies = {
      tampered: { envelope: flipped.toString('base64url') },
      'sealed with another key': { envelope: sealOnServer(randomBytes(32), JSON.stringify(body), 'request') },
      'not base64url': { envelope: `${good}!` },
      'too short': { envelope: 'AAAA' },
      'not JSON inside': { envelope: await sealEnvelope(ada.channel.key, 'not json', 'request') },
      'more than the envelope': { envelope: good, ids: [1] },
      plain: body,
    };
    const before = await tableCounts(server.db);
    for (const [label, payload] of Object.entries(refusedBodies)) {
      const response = await call(ada, { method: 'POST', url: `/groups/${world.group.id}/members/whitelisted`, headers: bearer(token), payload });
      expect(response.statusCode, label).toBe(400);
      expect(response.headers['x-app-version'], label).toBe(server.config.appVersion);
      expect(await ada.opened(response), label).toEqual({
        error: { code: 'bad_request', message: 'The request body is not a valid envelope', details: { field: 'envelope', location: 'body', rule: 'envelope' } },
      });
    }
    expect(await tableCounts(server.db)).toEqual(before);
  });

  it('seals error answers and keeps their headers in clear', async () => {
    const response = await call(ada, { method: 'GET', url: '/session', headers: bearer('never-issued') });
    expect(response.statusCode).toBe(401);
    expect(response.headers['x-force-logout']).toBe('1');
    expect(await ada.opened(response)).toEqual({ error: { code: 'unauthorized', message: 'Sign in to continue' } });
    expect((await ada.opened(await call(ada, { method: 'GET', url: '/no/such/call' }))).error.code).toBe('not_found');
  });

  it('leaves the CSV export as it is', async () => {
    const token = (await openRoleSession(server.db, world, 'groupAdmin'))!;
    const response = await call(ada, { method: 'GET', url: `/groups/${world.group.id}/members/export?list=all_members`, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.body).not.toContain('envelope');
  });
});

describe('the ENVELOPE_KEY setting', () => {
  it('is off unless set, and must be 32 bytes of base64', () => {
    expect(loadConfig({}).envelopeKey).toBeUndefined();
    expect(loadConfig({ ENVELOPE_KEY: KEY.toString('base64') }).envelopeKey).toEqual(KEY);
    expect(() => loadConfig({ ENVELOPE_KEY: randomBytes(16).toString('base64') })).toThrow(/ENVELOPE_KEY/);
  });

  it("derives the server's key pair from it alone: the same for the same secret, another for another", () => {
    expect(envelopeKeyPair(Buffer.from(KEY)).publicKey).toEqual(envelopeKeyPair(KEY).publicKey);
    expect(envelopeKeyPair(randomBytes(32)).publicKey).not.toEqual(envelopeKeyPair(KEY).publicKey);
  });
});

describe('without ENVELOPE_KEY', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer('pglite');
  });
  afterAll(async () => server?.close());

  it('announces no key and takes and answers bodies in clear, refusing an envelope', async () => {
    const status = await server.app.inject({ method: 'GET', url: '/api/v1/status' });
    expect(status.json()).not.toHaveProperty('envelope_public_key');
    const issued = await server.app.inject({ method: 'POST', url: '/api/v1/sandbox/sign_in', payload: { account_id: 'ada' } });
    expect(issued.statusCode).toBe(200);
    expect(issued.json()).toHaveProperty('facebook_token');
    const sealed = await server.app.inject({
      method: 'POST',
      url: '/api/v1/sandbox/sign_in',
      payload: { envelope: sealOnServer(KEY, JSON.stringify({ account_id: 'ada' }), 'request') },
    });
    expect(sealed.statusCode).toBe(400);
    expect(sealed.json().error.code).toBe('bad_request');
  });
});
