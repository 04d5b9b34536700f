import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openPage, SCREENSHOT_DIR } from './support/browser';
import { sharedWorld } from './support/shared-world';

const baseUrl = sharedWorld();

describe('npm start serves the app and the API on one port', () => {
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    browser = await launchChromium();
  });
  afterAll(async () => browser?.close());

  it('answers the status call with the versions and sandbox mode', async () => {
    const response = await fetch(`${baseUrl}/api/v1/status`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-app-version')).toMatch(/^\d+\.\d+\.\d+$/);
    expect(await response.json()).toMatchObject({ sandbox: true, app_version: expect.any(String) });
  });

  it('answers unknown API paths with the error shape, not the app', async () => {
    const response = await fetch(`${baseUrl}/api/v1/no/such/call`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('shows a visitor the sign-in page at /, with the version the API announces', async () => {
    const { context, page, consoleErrors } = await openPage(browser, baseUrl);
    await page.goto('/');
    await expect.poll(() => page.title()).toContain('xFilter');
    const status = await (await fetch(`${baseUrl}/api/v1/status`)).json();
    await page.getByText(status.app_version, { exact: false }).first().waitFor();
    await page.waitForURL('**/auth/login');
    await page.screenshot({ path: `${SCREENSHOT_DIR}/login.png`, fullPage: true });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('serves the app for client-side routes so a deep link or a reload works', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    const response = await page.goto('/123456/members/inactive');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('text/html');
    await expect.poll(() => page.title()).toContain('xFilter');
    await context.close();
  });
});
