import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openPage, SCREENSHOT_DIR } from './support/browser';
import { apiWithToken, sandboxToken, signInThroughSandbox } from './support/sandbox';
import { sharedWorld } from './support/shared-world';

const baseUrl = sharedWorld();

interface User {
  id: number;
  name: string;
}

/** Sam Supervisor's record pages in Chromium on the sandbox: the users list's plan filter in the address, a member followed to its user. */
describe('the supervisor record pages, as Sam Supervisor', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: ReturnType<typeof apiWithToken>;

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    browser = await launchChromium();
    api = apiWithToken(baseUrl, await sandboxToken(baseUrl, 'Sam Supervisor'));
  });
  afterAll(async () => browser?.close());
  afterEach(async () => context?.close());

  async function signIn() {
    ({ context, page } = await openPage(browser, baseUrl));
    await signInThroughSandbox(page, 'Sam Supervisor');
  }

  const userRows = () => page.getByRole('table', { name: 'Users' }).locator('tbody tr');
  const shownUsers = async () => (await page.getByRole('table', { name: 'Users' }).locator('tbody tr td:first-child a').allTextContents()).sort();
  /** The address bar's query, as the browser shows it (a pipe the router wrote may be percent-encoded). */
  const addressQuery = () => new URL(page.url()).search;

  it('filters the users by plan in the address, pipe-separated for two plans, and a reload keeps it', async () => {
    await signIn();
    await page.goto('/superadmin/users');
    await expect.poll(() => userRows().count(), { timeout: 15_000 }).toBeGreaterThan(1);

    await page.getByRole('checkbox', { name: 'Annual' }).check();
    await page.waitForURL((url) => url.searchParams.get('subscribed_plan') === 'annual');
    expect(addressQuery()).toBe('?subscribed_plan=annual');
    const annual = (await api<{ users: User[] }>('/supervisor/users?subscribed_plan=annual&per_page=100')).users.map((user) => user.name).sort();
    expect(annual.length).toBeGreaterThan(0);
    await expect.poll(shownUsers, { timeout: 15_000 }).toEqual(annual);

    await page.getByRole('checkbox', { name: 'Monthly' }).check();
    await page.waitForURL((url) => url.searchParams.get('subscribed_plan') === 'annual|monthly');
    expect(decodeURIComponent(addressQuery())).toBe('?subscribed_plan=annual|monthly');
    const either = (await api<{ users: User[] }>('/supervisor/users?subscribed_plan=annual|monthly&per_page=100')).users.map((user) => user.name).sort();
    await expect.poll(shownUsers, { timeout: 15_000 }).toEqual(either);

    const address = page.url();
    await page.reload();
    await expect.poll(shownUsers, { timeout: 15_000 }).toEqual(either);
    expect(page.url()).toBe(address);
    expect(await page.getByRole('checkbox', { name: 'Annual' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Monthly' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Lifetime' }).isChecked()).toBe(false);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/superadmin-users-plans.png` });
  });

  it('opens a member profile from the members list and follows it to the linked user', async () => {
    await signIn();
    await page.goto('/superadmin/members');
    await page.getByLabel('Search').fill('Ada Admin');
    await page.waitForURL((url) => url.searchParams.get('search') === 'Ada Admin');
    const members = page.getByRole('table', { name: 'Members' });
    await members.getByRole('link', { name: 'Ada Admin', exact: true }).first().click();
    await page.waitForURL(/\/superadmin\/members\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Ada Admin' }).waitFor();

    const linked = page.getByRole('region', { name: 'Linked user' });
    await linked.getByText('Signed up').waitFor({ timeout: 15_000 });
    await linked.getByRole('link', { name: 'Ada Admin' }).click();
    await page.waitForURL(/\/superadmin\/users\/\d+$/);
    await page.getByRole('form', { name: 'Edit user' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Ada Admin');
    const userId = Number(new URL(page.url()).pathname.split('/').at(-1));
    const { user } = await api<{ user: User & { email: string } }>(`/supervisor/users/${userId}`);
    expect(user.email).toBe('ada.admin@example.com');
    expect(await page.getByRole('region', { name: 'Details' }).textContent()).toContain(String(userId));
  });
});
