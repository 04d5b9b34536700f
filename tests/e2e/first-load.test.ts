import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, openPage } from './support/browser';

const baseUrl = inject('baseUrl');
const DIST = new URL('../../dist/', import.meta.url).pathname;

/** Code only the group pages need: PrimeReact's table and the charts. */
const GROUP_PAGE_CODE = ['p-datatable', 'visx-axis'];

describe('the first load of the login page', () => {
  let browser: Browser;
  let responses: Response[];
  let scripts: Array<{ url: string; text: string }>;

  beforeAll(async () => {
    browser = await launchChromium();
    const { context, page } = await openPage(browser, baseUrl);
    responses = [];
    page.on('response', (response) => void responses.push(response));
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Sign in with Facebook' }).waitFor();
    await page.waitForLoadState('networkidle');
    scripts = await Promise.all(ours('script').map(async (response) => ({ url: response.url(), text: await response.text() })));
    await context.close();
  });
  afterAll(async () => browser?.close());

  const ours = (type: string) => responses.filter((response) => response.url().startsWith(baseUrl) && response.request().resourceType() === type);

  it('gets the page, its scripts and its styles compressed', () => {
    const texts = [...ours('document'), ...ours('script'), ...ours('stylesheet')];
    expect(ours('script').length).toBeGreaterThan(0);
    expect(texts.filter((response) => !['br', 'gzip'].includes(response.headers()['content-encoding'] ?? '')).map((response) => response.url())).toEqual([]);
  });

  it('caches the hashed files for a year and asks again for the page', () => {
    for (const response of [...ours('script'), ...ours('stylesheet')]) {
      expect(response.headers()['cache-control'], response.url()).toBe('public, max-age=31536000, immutable');
    }
    expect(ours('document')[0]?.headers()['cache-control']).toBe('no-cache');
  });

  it('downloads none of the group pages', () => {
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter(({ text }) => GROUP_PAGE_CODE.some((code) => text.includes(code))).map(({ url }) => url)).toEqual([]);
  });

  it('downloads no text font: the system fonts show the page', () => {
    expect(ours('font').map((response) => response.url()).filter((url) => !/\/primeicons-/.test(url))).toEqual([]);
  });
});

describe('the build', () => {
  const assets = readdirSync(join(DIST, 'assets'));

  it('emits no Inter font file', () => {
    expect(assets.filter((name) => /inter/i.test(name))).toEqual([]);
  });

  it('writes a brotli and a gzip copy beside every script and style sheet of 1 KB or more', () => {
    const texts = assets.filter((name) => /\.(js|css)$/.test(name) && statSync(join(DIST, 'assets', name)).size >= 1024);
    expect(texts.length).toBeGreaterThan(10);
    expect(texts.filter((name) => !existsSync(join(DIST, 'assets', `${name}.br`)) || !existsSync(join(DIST, 'assets', `${name}.gz`)))).toEqual([]);
  });
});
