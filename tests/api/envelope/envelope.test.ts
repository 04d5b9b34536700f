import { randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { openEnvelope, sealEnvelope } from '../../../server/http/envelope';
import { databaseKinds } from '../../support/database';
import { createResponseValidator } from '../support/contract-schemas';
import { createRoleWorld, openRoleSession, type RoleWorld } from '../support/roles';
import { bearer } from '../support/sandbox-session';
import { tableCounts } from '../support/table-counts';
import { createTestServer, type TestServer } from '../support/test-server';

const contract = createResponseValidator();
const KEY = randomBytes(32);

describe.each(databaseKinds())('the encrypted envelope mode on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  beforeAll(async () => {
    server = await createTestServer(kind, { envelopeKey: KEY });
    world = await createRoleWorld(server.db);
  });
  afterAll(async () => server?.close());

  const sealed = (body: unknown) => ({ envelope: sealEnvelope(KEY, JSON.stringify(body)) });
  const call = (options: InjectOptions) => server.app.inject({ ...options, url: `/api/v1${options.url}` });
  /** The answer's body, opened: every JSON answer but GET /status's is an envelope and nothing else. */
  const opened = (response: LightMyRequestResponse) => {
    const body = response.json();
    expect(Object.keys(body)).toEqual(['envelope']);
    const text = openEnvelope(KEY, body.envelope);
    expect(text, 'the answer opens with the key').toBeDefined();
    return JSON.parse(text!);
  };

  it('announces the key on GET /status, which stays in clear', async () => {
    const status = await call({ method: 'GET', url: '/status' });
    expect(status.statusCode).toBe(200);
    expect(status.json().envelope_key).toBe(KEY.toString('base64'));
    expect(contract.validate('/status', 'GET', 200, status.json())).toBeUndefined();
  });

  it('signs in with sealed bodies both ways, and the opened answers keep to the contract', async () => {
    const issued = await call({ method: 'POST', url: '/sandbox/sign_in', payload: sealed({ account_id: 'ada' }) });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.headers['content-type']).toMatch(/^application\/json/);
    expect(issued.headers['x-app-version']).toBe(server.config.appVersion);
    const { facebook_token } = opened(issued);

    const signedIn = await call({ method: 'POST', url: '/session', payload: sealed({ facebook_token }) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.body).not.toContain('Ada Admin');
    const session = opened(signedIn);
    expect(contract.validate('/session', 'POST', 200, session)).toBeUndefined();
    expect(session.user.name).toBe('Ada Admin');

    const current = await call({ method: 'GET', url: '/session', headers: bearer(session.access_token) });
    expect(opened(current)).toMatchObject({ user: { name: 'Ada Admin' }, access_token: session.access_token });
  });

  it('seals every message with an iv of its own', () => {
    expect(sealEnvelope(KEY, '{}')).not.toBe(sealEnvelope(KEY, '{}'));
  });

  it('validates the opened body as usual', async () => {
    const refused = await call({ method: 'POST', url: '/session', payload: sealed({ facebook_token: 'x', extra: 1 }) });
    expect(refused.statusCode).toBe(400);
    expect(opened(refused).error).toMatchObject({ code: 'bad_request', details: { field: 'extra' } });
  });

  it('refuses a sealed body nested deeper than any body of the contract, naming the body', async () => {
    const deep = `{"facebook_token":${'['.repeat(5_000)}${']'.repeat(5_000)}}`;
    const refused = await call({ method: 'POST', url: '/session', payload: { envelope: sealEnvelope(KEY, deep) } });
    expect(refused.statusCode).toBe(400);
    expect(opened(refused).error).toMatchObject({ code: 'bad_request', details: { field: 'body', rule: 'max_depth' } });
  });

  it('answers 400 naming the envelope, and writes nothing, to a tampered, foreign, malformed or plain body', async () => {
    const token = (await openRoleSession(server.db, world, 'groupAdmin'))!;
    const body = { ids: [world.memberId], is_whitelisted: true };
    const good = sealed(body).envelope;
    const flipped = Buffer.from(good, 'base64url');
    flipped[flipped.length - 20]! ^= 1;
    const refusedBodies = {
      tampered: { envelope: flipped.toString('base64url') },
      'sealed with another key': { envelope: sealEnvelope(randomBytes(32), JSON.stringify(body)) },
      'not base64url': { envelope: `${good}!` },
      'too short': { envelope: 'AAAA' },
      'not JSON inside': { envelope: sealEnvelope(KEY, 'not json') },
      'more than the envelope': { envelope: good, ids: [1] },
      plain: body,
    };
    const before = await tableCounts(server.db);
    for (const [label, payload] of Object.entries(refusedBodies)) {
      const response = await call({ method: 'POST', url: `/groups/${world.group.id}/members/whitelisted`, headers: bearer(token), payload });
      expect(response.statusCode, label).toBe(400);
      expect(response.headers['x-app-version'], label).toBe(server.config.appVersion);
      expect(opened(response), label).toEqual({
        error: { code: 'bad_request', message: 'The request body is not a valid envelope', details: { field: 'envelope', location: 'body', rule: 'envelope' } },
      });
    }
    expect(await tableCounts(server.db)).toEqual(before);
  });

  it('seals error answers and keeps their headers in clear', async () => {
    const response = await call({ method: 'GET', url: '/session', headers: bearer('never-issued') });
    expect(response.statusCode).toBe(401);
    expect(response.headers['x-force-logout']).toBe('1');
    expect(opened(response)).toEqual({ error: { code: 'unauthorized', message: 'Sign in to continue' } });
    expect(opened(await call({ method: 'GET', url: '/no/such/call' })).error.code).toBe('not_found');
  });

  it('leaves the CSV export as it is', async () => {
    const token = (await openRoleSession(server.db, world, 'groupAdmin'))!;
    const response = await call({ method: 'GET', url: `/groups/${world.group.id}/members/export?list=all_members`, headers: bearer(token) });
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
});

describe('without ENVELOPE_KEY', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer('pglite');
  });
  afterAll(async () => server?.close());

  it('announces no key and takes and answers bodies in clear, refusing an envelope', async () => {
    const status = await server.app.inject({ method: 'GET', url: '/api/v1/status' });
    expect(status.json()).not.toHaveProperty('envelope_key');
    const issued = await server.app.inject({ method: 'POST', url: '/api/v1/sandbox/sign_in', payload: { account_id: 'ada' } });
    expect(issued.statusCode).toBe(200);
    expect(issued.json()).toHaveProperty('facebook_token');
    const sealed = await server.app.inject({
      method: 'POST',
      url: '/api/v1/sandbox/sign_in',
      payload: { envelope: sealEnvelope(KEY, JSON.stringify({ account_id: 'ada' })) },
    });
    expect(sealed.statusCode).toBe(400);
    expect(sealed.json().error.code).toBe('bad_request');
  });
});
