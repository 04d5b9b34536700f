import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NETWORK_IMAGE_SOURCES } from '../../../server/http/network-images';
import { contentSecurityPolicy } from '../../../server/http/security-headers';
import { SANDBOX_IMAGE_PATH } from '../../../server/sandbox/avatars';
import { createTestServer, type TestServer } from '../support/test-server';

/** The policy's directives by name, each with its sources. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe('the security headers of every answer', () => {
  let server: TestServer;
  let appDir: string;

  beforeAll(async () => {
    appDir = mkdtempSync(join(tmpdir(), 'xfilter-headers-'));
    mkdirSync(join(appDir, 'assets'));
    writeFileSync(join(appDir, 'index.html'), '<!doctype html><title>xFilter</title><script type="module" src="/assets/app.js"></script>');
    writeFileSync(join(appDir, 'assets', 'app.js'), 'export {};');
    server = await createTestServer('pglite', { appDir });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(appDir, { recursive: true, force: true });
  });

  const answers: Array<[string, InjectOptions]> = [
    ['an API answer', { method: 'GET', url: '/api/v1/status' }],
    ['an API error', { method: 'GET', url: '/api/v1/groups' }],
    ['an unknown API path', { method: 'GET', url: '/api/v1/nowhere' }],
    ['a framework refusal', { method: 'GET', url: '/api/v1/groups/%E0%A4%A' }],
    ['a body refused for its content type', { method: 'POST', url: '/api/v1/session', headers: { 'content-type': 'text/plain' }, payload: 'x' }],
    ['the app page', { method: 'GET', url: '/' }],
    ['an app route', { method: 'GET', url: '/123/members' }],
    ['a built asset', { method: 'GET', url: '/assets/app.js' }],
    ['a sandbox image', { method: 'GET', url: `${SANDBOX_IMAGE_PATH}/avatar/1.svg` }],
  ];

  it.each(answers)('%s carries the policy, the referrer policy and the framing and sniffing refusals', async (_label, request) => {
    const response = await server.app.inject(request);
    expect(response.headers).toMatchObject({
      'content-security-policy': contentSecurityPolicy('sandbox'),
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
    });
  });

  it('allows scripts from our origin only: no inline script, no eval, nothing else', () => {
    const policy = directives(contentSecurityPolicy('sandbox'));
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'self'"]);
    expect(policy['form-action']).toEqual(["'self'"]);
  });

  it("allows images from our origin, data: URIs and the social network's image hosts, nowhere else", () => {
    expect(directives(contentSecurityPolicy('sandbox'))['img-src']).toEqual(["'self'", 'data:', ...NETWORK_IMAGE_SOURCES]);
  });

  it("allows the social network's SDK and Stripe.js in live mode only, where the sign-in and the card form load them", () => {
    const live = directives(contentSecurityPolicy('live'));
    expect(live['script-src']).toEqual(["'self'", 'https://connect.facebook.net', 'https://js.stripe.com']);
    expect(live['frame-src']).toEqual(expect.arrayContaining(['https://www.facebook.com', 'https://js.stripe.com', 'https://hooks.stripe.com']));
    expect(live['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
    expect(directives(contentSecurityPolicy('sandbox'))['frame-src']).toEqual(["'none'"]);
  });
});
