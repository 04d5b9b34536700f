import { mkdirSync, rmSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openPage, SCREENSHOT_DIR } from './support/browser';
import { startProductServer, type ProductServer } from './support/product-server';
import { apiWithToken, sandboxToken, signInThroughSandbox } from './support/sandbox';
import { copyOfWorld } from './support/world-template';

/**
 * Every built screen under the Content-Security-Policy the server sends, in Chromium: a blocked
 * script, style, image, frame or connection is a violation, reported both as a
 * `securitypolicyviolation` event and on the console. Onboarding connects Nora's group for good,
 * so this runs on a server of its own.
 */
describe('the Content-Security-Policy on every screen', () => {
  const dataDir = copyOfWorld('csp');
  let server: ProductServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let violations: string[];

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    server = await startProductServer(dataDir);
    browser = await launchChromium();
  });
  afterEach(async () => context?.close());
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A fresh page whose every CSP violation, event or console report, lands in `violations`. */
  async function watchedPage(): Promise<Page> {
    ({ context, page } = await openPage(browser, server.url));
    violations = [];
    await page.exposeFunction('reportCspViolation', (report: string) => violations.push(report));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { reportCspViolation: (report: string) => void }).reportCspViolation;
        report(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname} (${event.sourceFile}:${event.lineNumber})`);
      });
    });
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(`console on ${new URL(page.url()).pathname}: ${message.text()}`);
    });
    return page;
  }

  /** Opens the path and waits until the screen has loaded what it shows. */
  async function visit(path: string, shows?: RegExp | string): Promise<void> {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    if (shows) await page.getByRole('heading', { name: shows }).first().waitFor();
  }

  it('sends the policy with the app page: scripts from our origin only, framing refused', async () => {
    const response = await fetch(`${server.url}/`);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(await response.text()).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it("shows the admin's screens without a violation", async () => {
    await watchedPage();
    await visit('/auth/login');
    await signInThroughSandbox(page, 'Ada Admin');
    await page.waitForURL(/\/\d+\/dashboard$/);
    const groups = (await apiWithToken(server.url, await sandboxToken(server.url, 'Ada Admin'))<{ groups: Array<{ fb_group_id: string; is_locked: boolean }> }>('/groups')).groups;
    const open = groups.find((group) => !group.is_locked)!;
    const locked = groups.find((group) => group.is_locked)!;
    const base = `/${open.fb_group_id}`;
    await visit(`${base}/dashboard`, 'Dashboard');
    for (const list of ['active', 'inactive', 'whitelisted', 'removed', 'all_members']) await visit(`${base}/members/${list}`);
    await page.getByRole('table').first().waitFor();
    for (const path of ['posts', 'logs', 'permissions', 'connections', 'connections/stripe', 'settings', 'purchase']) await visit(`${base}/${path}`);
    await visit(`/${locked.fb_group_id}/dashboard`);
    for (const path of ['/user', '/support', '/affiliates', '/change_card']) await visit(path);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/csp-admin.png` });
    expect(violations).toEqual([]);
  });

  it("shows the supervisor's screens without a violation", async () => {
    await watchedPage();
    await signInThroughSandbox(page, 'Sam Supervisor');
    await page.waitForURL(/\/\d+\/dashboard$/);
    const area = ['monitor', 'groups', 'groups/1', 'members', 'members/1', 'users', 'users/1', 'audit_logs', 'robot_logs', 'robot_logs/browse', 'robot_logs/chart', 'sidekiq'];
    for (const path of area) await visit(`/superadmin/${path}`);
    expect(violations).toEqual([]);
  });

  it('shows the banned page without a violation', async () => {
    await watchedPage();
    await signInThroughSandbox(page, 'Bella Banned');
    await page.waitForURL('**/banned');
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });

  it('walks the welcome page and all seven onboarding steps without a violation', async () => {
    await watchedPage();
    await signInThroughSandbox(page, 'Nora Newcomer');
    await page.waitForURL('**/welcome');
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/onboarding/**');
    const next = page.getByRole('button', { name: 'Next' });
    await page.waitForURL('**/onboarding/groups');
    // The wizard moves on to Select Group by itself once the groups are found; a group chosen in an
    // earlier visit is kept on the server, so then it resumes one step further, at Confirm Permissions.
    await page.waitForURL(/\/onboarding\/(choose|ownership)$/, { timeout: 30_000 });
    if (new URL(page.url()).pathname.endsWith('/ownership')) await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL('**/onboarding/choose');
    const noraGroups = (await apiWithToken(server.url, await sandboxToken(server.url, 'Nora Newcomer'))<{ groups: Array<{ name: string; role: string }> }>('/sandbox/network/groups')).groups;
    const own = noraGroups.find((group) => group.role === 'admin' && group.name !== 'Home Espresso Enthusiasts')!;
    await page.getByRole('radio', { name: own.name }).check();
    await next.click();
    await page.waitForURL('**/onboarding/ownership');
    await page.getByRole('button', { name: 'Yes, this is my group' }).click();
    for (const step of ['members', 'engagements', 'complete']) {
      await expect.poll(() => next.isEnabled(), { timeout: 90_000 }).toBe(true);
      await next.click();
      await page.waitForURL(`**/onboarding/${step}`);
    }
    await page.waitForLoadState('networkidle');
    await visit('/onboarding/extension');
    expect(violations).toEqual([]);
  });
});
