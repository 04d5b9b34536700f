import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openPage, SCREENSHOT_DIR } from './support/browser';
import { sandboxToken, signInThroughSandbox } from './support/sandbox';
import { sharedWorld } from './support/shared-world';

const baseUrl = sharedWorld();
const BANNED_TEXT = 'Your account has been flagged for policy violations.';

describe('signing in and the shell, as each sandbox account', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    browser = await launchChromium();
  });
  afterAll(async () => browser?.close());
  afterEach(async () => context?.close());

  async function freshPage() {
    ({ context, page } = await openPage(browser, baseUrl));
    return page;
  }

  it("takes the admin to their first group's dashboard, inside the shell", async () => {
    await signInThroughSandbox(await freshPage(), 'Ada Admin');
    await page.waitForURL(/\/\d+\/dashboard$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Dashboard' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: /Ada Admin/ }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Robot 2.4.0').isVisible()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/admin-dashboard.png` });
  });

  it('shows the banned user the banned page and nothing else', async () => {
    await signInThroughSandbox(await freshPage(), 'Bella Banned');
    await page.waitForURL('**/banned');
    await expect.poll(() => page.getByText(BANNED_TEXT).isVisible()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/banned.png` });
    for (const path of ['/', '/user', '/support', '/123456/members', '/superadmin']) {
      await page.goto(path);
      await page.waitForURL('**/banned');
    }
    const token = await sandboxToken(baseUrl, 'Bella Banned');
    const groups = await fetch(`${baseUrl}/api/v1/groups`, { headers: { authorization: `Bearer ${token}` } });
    expect(groups.status).toBe(403);
    expect((await groups.json()).error.message).toBe(BANNED_TEXT);
  });

  it('sends the user with no group, after the welcome page, to onboarding', async () => {
    await signInThroughSandbox(await freshPage(), 'Nora Newcomer');
    await page.waitForURL('**/welcome');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/onboarding/**');
    await page.goto('/');
    await page.waitForURL('**/onboarding/**');
  });

  it('logs out to the sign-in page, and the old session is gone', async () => {
    await signInThroughSandbox(await freshPage(), 'Ada Admin');
    await page.waitForURL(/\/\d+\/dashboard$/);
    await page.getByRole('button', { name: /Ada Admin/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).or(page.getByRole('link', { name: 'Logout' })).click();
    await page.waitForURL('**/auth/login');
    await page.goto('/user');
    await page.waitForURL('**/auth/login');
  });

  it('lets a supervisor sign in as the admin, warns with the banner, and goes back', async () => {
    await signInThroughSandbox(await freshPage(), 'Sam Supervisor');
    await page.waitForURL(/\/\d+\/dashboard$/);
    await page.getByRole('button', { name: 'Sign in as…' }).click();
    const userBox = page.getByLabel('User (name or email)');
    await userBox.pressSequentially('Ada');
    // Chosen from the keyboard, which keeps the focus in the box: a mouse click on the option left
    // the dialog without a chosen user once, on a machine busy with two CPU hogs and other tests.
    await page.getByRole('option', { name: /Ada Admin/ }).waitFor();
    await userBox.press('ArrowDown');
    await userBox.press('Enter');
    await page.getByRole('button', { name: 'Sign in as Ada Admin' }).click();
    const banner = page.getByText('Be careful, all your actions will be performed on behalf of Ada Admin!');
    await expect.poll(() => banner.isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: /Ada Admin/ }).isVisible()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/switched-to-admin.png` });
    await page.getByRole('button', { name: 'Back to admin account' }).click();
    await expect.poll(() => page.getByRole('button', { name: /Sam Supervisor/ }).isVisible()).toBe(true);
    await expect.poll(() => banner.count()).toBe(0);
  });

  it("lets a supervisor signed in as a banned user see the banned page with the banner, and log out of it only", async () => {
    await signInThroughSandbox(await freshPage(), 'Sam Supervisor');
    await page.waitForURL(/\/\d+\/dashboard$/);
    const samsPage = new URL(page.url()).pathname;
    const samsToken = await page.evaluate(() => localStorage.getItem('xfilter.token'));
    const switchInto = async () => {
      await page.getByRole('button', { name: 'Sign in as…' }).click();
      const userBox = page.getByLabel('User (name or email)');
      await userBox.pressSequentially('Bella');
      await page.getByRole('option', { name: /Bella Banned/ }).waitFor();
      await userBox.press('ArrowDown');
      await userBox.press('Enter');
      await page.getByRole('button', { name: 'Sign in as Bella Banned' }).click();
      await page.waitForURL('**/banned');
    };
    const banner = page.getByText('Be careful, all your actions will be performed on behalf of Bella Banned!');

    await switchInto();
    await expect.poll(() => page.getByText(BANNED_TEXT).isVisible()).toBe(true);
    await expect.poll(() => banner.isVisible()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/switched-to-banned.png` });
    await page.reload();
    await expect.poll(() => banner.isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Back to admin account' }).click();
    await page.waitForURL((url) => url.pathname === samsPage);
    await expect.poll(() => page.getByRole('button', { name: /Sam Supervisor/ }).isVisible()).toBe(true);

    await switchInto();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === samsPage);
    await expect.poll(() => page.getByRole('button', { name: /Sam Supervisor/ }).isVisible()).toBe(true);
    await expect.poll(() => banner.count()).toBe(0);
    const session = await fetch(`${baseUrl}/api/v1/session`, { headers: { authorization: `Bearer ${samsToken}` } });
    expect(session.status).toBe(200);
  });

  it("answers a group id that is not the user's with the danger toast and the trip home", async () => {
    const samsGroups = await fetch(`${baseUrl}/api/v1/groups`, {
      headers: { authorization: `Bearer ${await sandboxToken(baseUrl, 'Sam Supervisor')}` },
    });
    const notAdasGroup = (await samsGroups.json()).groups[0].fb_group_id as string;
    await signInThroughSandbox(await freshPage(), 'Ada Admin');
    await page.waitForURL(/\/\d+\/dashboard$/);
    const adasDashboard = new URL(page.url()).pathname;
    for (const fbGroupId of [notAdasGroup, '999999999']) {
      await page.goto(`/${fbGroupId}/members`);
      await expect.poll(() => page.getByText('Uh oh! Error happens!').isVisible()).toBe(true);
      await expect.poll(() => page.getByText('Group not found!').isVisible()).toBe(true);
      await page.waitForURL((url) => url.pathname === adasDashboard);
    }
    await page.screenshot({ path: `${SCREENSHOT_DIR}/group-not-found.png` });
  });
});
