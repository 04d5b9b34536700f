import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openPage } from './support/browser';
import { apiWithToken, sandboxToken, signInThroughSandbox } from './support/sandbox';
import { sharedWorld } from './support/shared-world';

const baseUrl = sharedWorld();

/** What axe found on a screen that an assistive-technology user cannot get past: serious or critical violations. */
async function blockingViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}

/** Each built screen, reached as a user would, with the text that says it has finished loading. */
interface Screen {
  name: string;
  path: (fbGroupId: string) => string;
  ready: (page: Page) => Promise<unknown>;
  /** What the user opens on it before axe looks (a menu, a drawer). */
  open?: (page: Page) => Promise<unknown>;
}

const clickAndWait = (button: string | RegExp, shown: (page: Page) => ReturnType<Page['getByRole']>) => async (page: Page) => {
  await page.getByRole('button', { name: button }).first().click();
  await shown(page).waitFor();
};

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name }).first().waitFor();

const adminScreens: Screen[] = [
  { name: 'dashboard', path: (id) => `/${id}/dashboard`, ready: heading('Dashboard') },
  ...(['active', 'inactive', 'whitelisted', 'removed'] as const).map((list) => ({
    name: `members (${list})`,
    path: (id: string) => `/${id}/members/${list}`,
    ready: (page: Page) => page.getByRole('table').first().waitFor(),
  })),
  { name: 'posts', path: (id) => `/${id}/posts`, ready: heading('Posts') },
  { name: 'actions log', path: (id) => `/${id}/logs`, ready: heading('Actions Log') },
  { name: 'support', path: () => '/support', ready: heading('Help & Support') },
  { name: 'permissions', path: (id) => `/${id}/permissions`, ready: (page) => page.locator('tbody tr').nth(1).waitFor() },
  { name: 'settings', path: (id) => `/${id}/settings`, ready: (page) => page.getByRole('slider', { name: 'Posts back' }).waitFor() },
  { name: 'account', path: () => '/user', ready: heading('Your account') },
  { name: 'affiliate program', path: () => '/affiliates', ready: heading('Affiliate Program') },
  { name: 'purchase', path: (id) => `/${id}/purchase`, ready: heading(/^Upgrade to/) },
  { name: 'change card', path: () => '/change_card', ready: heading('Change card') },
  { name: 'an unknown address', path: () => '/no/such/page', ready: heading('Dashboard') },
  {
    name: 'the group chooser, open',
    path: (id) => `/${id}/dashboard`,
    ready: heading('Dashboard'),
    open: clickAndWait(/Current group:/, (page) => page.getByRole('list', { name: 'Your groups' })),
  },
  {
    name: 'the user menu, open',
    path: (id) => `/${id}/dashboard`,
    ready: heading('Dashboard'),
    open: clickAndWait(/Ada Admin/, (page) => page.getByRole('link', { name: 'Logout' })),
  },
];

describe('every built screen passes axe with no serious or critical violation', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function freshPage(): Promise<Page> {
    const { context, page } = await openPage(browser, baseUrl);
    contexts.push(context);
    return page;
  }

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
  });

  it('tells a screen that has a blocking violation', async () => {
    const page = await freshPage();
    await page.setContent('<!doctype html><html lang="en"><title>t</title><main><img src="data:,"><button></button></main></html>');
    expect(await blockingViolations(page)).toEqual([expect.stringMatching(/^critical button-name/), expect.stringMatching(/^critical image-alt/)]);
  });

  it('login and the sandbox account picker', async () => {
    const page = await freshPage();
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Sign in with Facebook' }).waitFor();
    expect(await blockingViolations(page)).toEqual([]);
    await page.getByLabel('I accept the terms of service and the privacy policy of xFilter.').check();
    await page.getByRole('button', { name: 'Sign in with Facebook' }).click();
    await page.waitForURL('**/auth/sandbox');
    await page.getByRole('button', { name: /Ada Admin/ }).waitFor();
    expect(await blockingViolations(page)).toEqual([]);
  });

  it('the welcome page and onboarding of a new user', async () => {
    // Nora sees her welcome page once: other tests on this server expect her never to have seen it.
    const asNora = apiWithToken(baseUrl, await sandboxToken(baseUrl, 'Nora Newcomer'));
    const welcomeUnseen = () => asNora('/flags', { method: 'POST', body: { flags: { welcome_page_seen: false } } });
    await welcomeUnseen();
    try {
      const page = await freshPage();
      await signInThroughSandbox(page, 'Nora Newcomer');
      await page.waitForURL('**/welcome');
      await page.getByRole('button', { name: 'Continue' }).waitFor();
      expect(await blockingViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL('**/onboarding/**');
      await page.getByRole('heading', { name: 'Scan Groups' }).waitFor();
      expect(await blockingViolations(page)).toEqual([]);
    } finally {
      await welcomeUnseen();
    }
  });

  it('the banned page', async () => {
    const page = await freshPage();
    await signInThroughSandbox(page, 'Bella Banned');
    await page.waitForURL('**/banned');
    await page.getByText('Your account has been flagged for policy violations.').waitFor();
    expect(await blockingViolations(page)).toEqual([]);
  });

  describe('the group admin’s screens', () => {
    let page: Page;
    let fbGroupId: string;

    beforeAll(async () => {
      page = await freshPage();
      await signInThroughSandbox(page, 'Ada Admin');
      await page.waitForURL(/\/\d+\/dashboard$/);
      fbGroupId = new URL(page.url()).pathname.split('/')[1];
    });

    it.each(adminScreens.map((screen) => [screen.name, screen] as const))('%s', async (_name, screen) => {
      await page.goto(screen.path(fbGroupId));
      await screen.ready(page);
      await screen.open?.(page);
      expect(await blockingViolations(page)).toEqual([]);
    });

    it('the dashboard on a phone, with the menu drawer open', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/${fbGroupId}/dashboard`);
      await heading('Dashboard')(page);
      expect(await blockingViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Open the menu' }).click();
      await page.getByRole('button', { name: 'Close the menu' }).waitFor();
      expect(await blockingViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 1366, height: 860 });
    });
  });

  it("a supervisor's sign-in-as dialog, and the banned page with the admin-switch banner", async () => {
    const page = await freshPage();
    await signInThroughSandbox(page, 'Sam Supervisor');
    await page.waitForURL(/\/\d+\/dashboard$/);
    await page.getByRole('button', { name: 'Sign in as…' }).click();
    const userBox = page.getByLabel('User (name or email)');
    await userBox.pressSequentially('Bella');
    await page.getByRole('option', { name: /Bella Banned/ }).waitFor();
    expect(await blockingViolations(page)).toEqual([]);
    await userBox.press('ArrowDown');
    await userBox.press('Enter');
    await page.getByRole('button', { name: 'Sign in as Bella Banned' }).click();
    await page.waitForURL('**/banned');
    await page.getByRole('button', { name: 'Back to admin account' }).waitFor();
    expect(await blockingViolations(page)).toEqual([]);
  });
});
