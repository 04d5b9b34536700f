import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openPage } from './support/browser';
import { apiWithToken, sandboxToken, signInThroughSandbox } from './support/sandbox';
import { sharedWorld } from './support/shared-world';

const baseUrl = sharedWorld();

/** Whether the page scrolls sideways: what a phone's narrow screen must not do. */
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe('the account and affiliates pages in the sandbox', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => browser?.close());

  describe('as Ada, an affiliate with paid groups and a saved card', () => {
    beforeAll(async () => {
      ({ context, page } = await openPage(browser, baseUrl));
      await signInThroughSandbox(page, 'Ada Admin');
      await page.waitForURL(/\/\d+\/dashboard$/);
    });
    afterAll(async () => context?.close());

    it('shows the profile, the commission balance and the card on /user, and asks support to cancel', async () => {
      await page.goto('/user');
      const profile = page.getByRole('region', { name: 'Profile' });
      await profile.getByText('Ada Admin').waitFor();
      await page.getByRole('region', { name: 'Affiliate program' }).getByText('$89.10').waitFor();
      await page.getByRole('region', { name: 'Subscription' }).getByText('visa ending in 4242').waitFor();
      await page.getByRole('link', { name: 'Cancel a subscription' }).click();
      await page.waitForURL(/\/support\?/);
      expect(await page.getByLabel('Subject').inputValue()).toBe('Cancel my subscription');
    });

    it('shows the referral link, the balance and the dashboard login on /affiliates', async () => {
      await page.goto('/affiliates');
      const link = page.getByRole('textbox', { name: 'Referral link' });
      await link.waitFor();
      expect(await link.inputValue()).toBe(`${baseUrl}/?ref=ada-admin`);
      await page.getByRole('region', { name: 'Commission balance' }).getByText('$89.10').waitFor();
      const password = page.getByLabel('Dashboard password');
      expect(await password.getAttribute('type')).toBe('password');
      await page.getByRole('button', { name: 'Show the password' }).click();
      expect(await password.inputValue()).toBe('hive-camera-trail-42');
    });

    it('fits a phone', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      for (const path of ['/user', '/affiliates']) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.getByRole('region').first().waitFor();
        expect(await scrollsSideways(page), path).toBe(false);
      }
    });
  });

  describe('as Nora, who has no paid group', () => {
    // Signing in may show Nora her welcome page; other tests on this server expect it as they left it.
    let restoreWelcome: () => Promise<unknown>;
    beforeAll(async () => {
      const asNora = apiWithToken(baseUrl, await sandboxToken(baseUrl, 'Nora Newcomer'));
      const { flags } = await asNora<{ flags: { welcome_page_seen: boolean } }>('/flags');
      restoreWelcome = () => asNora('/flags', { method: 'POST', body: { flags: { welcome_page_seen: flags.welcome_page_seen } } });
      ({ context, page } = await openPage(browser, baseUrl));
      await signInThroughSandbox(page, 'Nora Newcomer');
    });
    afterAll(async () => {
      await restoreWelcome?.();
      await context?.close();
    });

    it('keeps the affiliate features locked', async () => {
      await page.goto('/affiliates');
      await page.getByRole('heading', { name: 'Not available on Free plan' }).waitFor();
      await page.getByText('Upgrade to PRO to unlock this feature!').waitFor();
    });
  });
});
