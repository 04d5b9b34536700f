import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../support/test-server';

/** A built app with the thank-you pages the build copies from public/thanks/. */
function builtApp(): string {
  const appDir = mkdtempSync(join(tmpdir(), 'xfilter-thanks-'));
  mkdirSync(join(appDir, 'thanks'));
  writeFileSync(join(appDir, 'index.html'), '<!doctype html><title>xFilter</title>');
  writeFileSync(join(appDir, 'thanks', 'index.html'), '<!doctype html><title>Thank you</title>');
  writeFileSync(join(appDir, 'thanks', 'card_update.html'), '<!doctype html><title>Card updated</title>');
  return appDir;
}

describe('the thank-you pages after a purchase and a card change', () => {
  const appDir = builtApp();
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer('pglite', { appDir });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(appDir, { recursive: true, force: true });
  });

  it('answers /thanks with the thank-you page, not the app', async () => {
    const bare = await server.app.inject({ method: 'GET', url: '/thanks' });
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/thanks/');
    const page = await server.app.inject({ method: 'GET', url: '/thanks/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Thank you</title>');
  });

  it('answers /thanks/card_update.html with its own page', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/thanks/card_update.html' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Card updated</title>');
  });
});
