import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openPage, takeCspViolations } from './support/browser';
import { signInThroughSandbox } from './support/sandbox';
import { sharedWorld } from './support/shared-world';

const baseUrl = sharedWorld();

/**
 * The Content-Security-Policy the server sends. Every page every e2e test opens is held to it
 * (support/csp-guard.ts): the admin's screens by the axe walk and the screens' own tests, the welcome
 * page and the seven onboarding steps by onboarding.test.ts, the banned page by axe and session.
 * The supervisor's area, which no other test walks page by page, is walked here.
 */
describe('the Content-Security-Policy', () => {
  let browser: Browser;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterEach(async () => context?.close());
  afterAll(async () => browser?.close());

  it('sends the policy with the app page: scripts from our origin only, framing refused', async () => {
    const response = await fetch(`${baseUrl}/`);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(await response.text()).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('tells a page where the policy blocked something', async () => {
    let page: Page;
    ({ context, page } = await openPage(browser, baseUrl));
    await page.goto('/auth/login');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true';
      document.body.append(script);
    });
    await expect.poll(() => takeCspViolations()).toEqual([expect.stringMatching(/^script-src-elem blocked inline on \/auth\/login/)]);
    expect(await page.evaluate(() => (window as unknown as { inlineRan?: boolean }).inlineRan)).toBeUndefined();
  });

  it("shows the supervisor's area without a violation", async () => {
    let page: Page;
    ({ context, page } = await openPage(browser, baseUrl));
    await signInThroughSandbox(page, 'Sam Supervisor');
    await page.waitForURL(/\/\d+\/dashboard$/);
    const area = ['monitor', 'groups', 'groups/1', 'members', 'members/1', 'users', 'users/1', 'audit_logs', 'robot_logs', 'robot_logs/browse', 'robot_logs/chart', 'sidekiq'];
    for (const path of area) {
      await page.goto(`/superadmin/${path}`);
      await page.waitForLoadState('networkidle');
    }
    expect(takeCspViolations()).toEqual([]);
  });
});
