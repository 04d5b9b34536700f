import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEnvelope, openEnvelopeChannel, sealEnvelope, type EnvelopeChannel } from '../../../src/api/envelope';
import { contentSecurityPolicy } from '../../../server/http/security-headers';
import { bearer, groupIdsByName, signInAs } from '../support/sandbox-session';
import { TEST_WORLD_SCALE } from '../support/seeded-server';
import { createTestServer, type TestServer } from '../support/test-server';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SCRIPT = `export const words = ${JSON.stringify('every route downloads only what it needs '.repeat(100))};`;
const PAGE = `<!doctype html><title>xFilter</title><script type="module" src="/assets/app-1a2b3c.js"></script>${'<!-- the app -->'.repeat(80)}`;

/** A built app as the build leaves it: each text file with its .br and .gz beside it, except the small one. */
function builtApp(): string {
  const appDir = mkdtempSync(join(tmpdir(), 'xfilter-compression-'));
  mkdirSync(join(appDir, 'assets'));
  for (const [path, text] of [
    ['index.html', PAGE],
    ['assets/app-1a2b3c.js', SCRIPT],
  ]) {
    writeFileSync(join(appDir, path), text);
    writeFileSync(join(appDir, `${path}.br`), brotliCompressSync(text));
    writeFileSync(join(appDir, `${path}.gz`), gzipSync(text));
  }
  writeFileSync(join(appDir, 'assets', 'tiny-9f8e7d.js'), 'export {};');
  return appDir;
}

/** The body as the browser reads it, undoing the encoding the answer names. */
function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  expect(encoding).toBeUndefined();
  return response.body;
}

/** A server on the small sandbox world, and Ada's request for a page of 100 members of one of her groups. */
async function seededServer(appDir: string) {
  // A fixed clock, so two answers to the same request are the same (a limit's seconds till reset).
  const now = new Date();
  const server = await createTestServer('pglite', { sandboxScale: TEST_WORLD_SCALE, appDir }, { now: () => now }, 'seeded');
  const { token } = await signInAs(server.app, 'ada');
  const groupId = (await groupIdsByName(server.app, token))['Trail Runners Worldwide']!;
  return { server, membersPage: { method: 'GET' as const, url: `/api/v1/groups/${groupId}/members?per_page=100`, headers: bearer(token) } };
}

describe('compressed answers', () => {
  let server: TestServer;
  let appDir: string;
  let membersPage: Awaited<ReturnType<typeof seededServer>>['membersPage'];

  beforeAll(async () => {
    appDir = builtApp();
    ({ server, membersPage } = await seededServer(appDir));
  });
  afterAll(async () => {
    await server?.close();
    rmSync(appDir, { recursive: true, force: true });
  });

  const membersWith = (acceptEncoding?: string) =>
    server.app.inject({ ...membersPage, headers: { ...membersPage.headers, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } });

  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip, deflate, br;q=0.5', 'gzip'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
  ])('sends API JSON with %s accepted as %s, varying on Accept-Encoding, with the security headers', async (accepted, encoding) => {
    const plain = await membersWith();
    const response = await membersWith(accepted);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.headers['content-security-policy']).toBe(contentSecurityPolicy('sandbox'));
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(decoded(response))).toEqual(plain.json());
  });

  it('sends JSON as it is to a client that accepts no compression it knows, or asks for none', async () => {
    for (const accepted of [undefined, 'identity', 'compress']) {
      const response = await membersWith(accepted);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.json().members.length).toBeGreaterThan(0);
    }
  });

  it('refuses a compressed request body with a 400 in the error shape, without reading it', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/support/tickets',
      headers: { ...membersPage.headers, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ subject: 'Help', message: 'Please help' })),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toMatchObject({ error: { code: expect.any(String) } });
  });

  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['br, gzip', 'br'],
  ])('serves a hashed asset precompressed for %s, cached for a year as immutable', async (accepted, encoding) => {
    const response = await server.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js', headers: { 'accept-encoding': accepted } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.headers.vary).toContain('accept-encoding');
    expect(decoded(response)).toBe(SCRIPT);
  });

  it('serves a hashed asset as it is to a client that accepts no compression, still immutable', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.body).toBe(SCRIPT);
  });

  it('compresses as it sends an asset that has no compressed copy', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/assets/tiny-9f8e7d.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(decoded(response)).toBe('export {};');
  });

  it.each(['/', '/index.html', '/123456/members/inactive'])('serves the app page at %s compressed and never cached without asking', async (url) => {
    const response = await server.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toBe(contentSecurityPolicy('sandbox'));
    expect(decoded(response)).toBe(PAGE);
  });
});

describe('compressed answers in the encrypted envelope mode', () => {
  let server: TestServer;
  let channel: EnvelopeChannel;
  const sealed = async (body: unknown) => ({ envelope: await sealEnvelope(channel.key, JSON.stringify(body), 'request') });
  const opened = async (response: LightMyRequestResponse) => JSON.parse(await openEnvelope(channel.key, JSON.parse(decoded(response)).envelope, 'answer'));

  beforeAll(async () => {
    server = await createTestServer('pglite', { envelopeKey: randomBytes(32) });
    channel = await openEnvelopeChannel((await server.app.inject({ method: 'GET', url: '/api/v1/status' })).json().envelope_public_key);
  });
  afterAll(async () => server?.close());

  it('seals the JSON first, then compresses the envelope, which opens to the answer', async () => {
    const headers = { 'x-envelope-key': channel.publicKey };
    const issued = await server.app.inject({ method: 'POST', url: '/api/v1/sandbox/sign_in', headers, payload: await sealed({ account_id: 'ada' }) });
    const signIn = {
      method: 'POST' as const,
      url: '/api/v1/session',
      payload: await sealed({ facebook_token: (await opened(issued)).facebook_token }),
      headers: { ...headers, 'accept-encoding': 'gzip, br;q=0.9' },
    };
    const response = await server.app.inject(signIn);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(await opened(response)).toMatchObject({ access_token: expect.any(String), user: { name: 'Ada Admin' } });
  });
});
