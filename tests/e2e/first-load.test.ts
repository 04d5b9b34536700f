import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openPage } from './support/browser';
import { sharedWorld } from './support/shared-world';

const baseUrl = sharedWorld();
const DIST = new URL('../../dist/', import.meta.url).pathname;

/** Code only the group pages need: PrimeReact's table and the charts. */
const GROUP_PAGE_CODE = ['p-datatable', 'visx-axis'];

type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;

/** The script files a chunk of the build brings, with what it imports, as the build's manifest lists them. */
function chunkFiles(manifest: Manifest, key: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, files);
  return files;
}

describe('the first load of the login page', () => {
  let browser: Browser;
  let responses: Response[];
  let scripts: Array<{ url: string; text: string }>;

  beforeAll(async () => {
    browser = await launchChromium();
    const { context, page } = await openPage(browser, baseUrl);
    responses = [];
    page.on('response', (response) => void responses.push(response));
    // A signed-out visitor opening the app lands on the login page.
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in with Facebook' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/login');
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

  it("downloads the login page's code alone: nothing of the app's boot (its router, PrimeReact's runtime, its pages)", () => {
    const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
    const entry = Object.keys(manifest).find((key) => manifest[key].isEntry)!;
    const loginFiles = chunkFiles(manifest, 'src/boot/loginBoot.tsx', chunkFiles(manifest, entry));
    const appOnlyFiles = [...chunkFiles(manifest, 'src/boot/appBoot.tsx')].filter((file) => !loginFiles.has(file));
    const downloaded = ours('script').map((response) => new URL(response.url()).pathname.slice(1));
    expect(appOnlyFiles.length).toBeGreaterThan(0);
    expect(downloaded.filter((file) => !loginFiles.has(file))).toEqual([]);
    expect([...loginFiles].filter((file) => !downloaded.includes(file))).toEqual([]);
  });

  it('downloads none of the group pages', () => {
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter(({ text }) => GROUP_PAGE_CODE.some((code) => text.includes(code))).map(({ url }) => url)).toEqual([]);
  });

  it("draws the shell's outline from the page alone, and hides it once the login page shows", async () => {
    const { context, page } = await openPage(browser, baseUrl);
    // No script and no style sheet of the build: what shows is index.html's own.
    await page.route(/\/assets\//, (route) => route.abort());
    await page.goto('/auth/login');
    expect(await page.locator('.boot-skeleton').isVisible()).toBe(true);
    await page.unroute(/\/assets\//);
    await page.reload();
    await page.getByRole('button', { name: 'Sign in with Facebook' }).waitFor();
    expect(await page.locator('.boot-skeleton').isVisible()).toBe(false);
    await context.close();
  });

  it('downloads no font: the system fonts show the text and its few icons are inline SVG', () => {
    expect(ours('font').map((response) => response.url())).toEqual([]);
  });
});

describe('the build', () => {
  const assets = readdirSync(join(DIST, 'assets'));

  it('emits no Inter font file', () => {
    expect(assets.filter((name) => /inter/i.test(name))).toEqual([]);
  });

  it('links no style sheet from the page, and preloads the scripts and style sheets both boots share', () => {
    const html = readFileSync(join(DIST, 'index.html'), 'utf8');
    const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest & Record<string, { css?: string[] }>;
    const entry = manifest[Object.keys(manifest).find((key) => manifest[key].isEntry)!].file;
    const appFiles = chunkFiles(manifest, 'src/boot/appBoot.tsx');
    const shared = [...chunkFiles(manifest, 'src/boot/loginBoot.tsx')].filter((file) => file !== entry && appFiles.has(file));
    const sharedStyles = Object.values(manifest).filter((chunk) => shared.includes(chunk.file)).flatMap((chunk) => chunk.css ?? []);
    expect(html).not.toContain('rel="stylesheet"');
    expect(shared.length).toBeGreaterThan(0);
    expect(sharedStyles.length).toBeGreaterThan(0);
    expect(shared.filter((file) => !html.includes(`<link rel="modulepreload" crossorigin href="/${file}">`))).toEqual([]);
    expect(sharedStyles.filter((file) => !html.includes(`<link rel="preload" as="style" crossorigin href="/${file}">`))).toEqual([]);
  });

  it('writes a brotli and a gzip copy beside every script and style sheet of 1 KB or more', () => {
    const texts = assets.filter((name) => /\.(js|css)$/.test(name) && statSync(join(DIST, 'assets', name)).size >= 1024);
    expect(texts.length).toBeGreaterThan(10);
    expect(texts.filter((name) => !existsSync(join(DIST, 'assets', `${name}.br`)) || !existsSync(join(DIST, 'assets', `${name}.gz`)))).toEqual([]);
  });
});
