import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openPage } from './support/browser';
import { apiWithToken, sandboxToken, signInThroughSandbox } from './support/sandbox';
import { sharedWorld } from './support/shared-world';

const baseUrl = sharedWorld();

interface Group {
  id: number;
  fb_group_id: string;
  name: string;
  removal_limits: { free: { left: number; limit: number } } | null;
}

/** Where a page's title sits and how it is set. */
async function titleBox(page: Page, path: string, title: string | RegExp) {
  await page.goto(path);
  const heading = page.getByRole('heading', { level: 1, name: title });
  await heading.waitFor();
  const box = await heading.boundingBox();
  const fontSize = await heading.evaluate((element) => getComputedStyle(element).fontSize);
  return { x: box?.x, y: box?.y, height: box?.height, fontSize };
}

describe('the shell around the group pages, as the sandbox group admin', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let fbGroupId: string;

  beforeAll(async () => {
    browser = await launchChromium();
    ({ context, page } = await openPage(browser, baseUrl));
    await signInThroughSandbox(page, 'Ada Admin');
    await page.waitForURL(/\/\d+\/dashboard$/);
    fbGroupId = new URL(page.url()).pathname.split('/')[1];
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it("sets every page's title where the dashboard sets it, the pages still to come too", async () => {
    const dashboard = await titleBox(page, `/${fbGroupId}/dashboard`, 'Dashboard');
    expect(await titleBox(page, `/${fbGroupId}/logs`, 'Actions Log')).toEqual(dashboard);
    expect(await titleBox(page, `/${fbGroupId}/settings`, 'Settings')).toEqual(dashboard);
    expect(await titleBox(page, `/${fbGroupId}/purchase`, /^Upgrade to/)).toEqual(dashboard);
    expect(await titleBox(page, '/support', 'Help & Support')).toEqual(dashboard);
    expect(await titleBox(page, '/user', 'Your account')).toEqual(dashboard);
    expect(await titleBox(page, '/affiliates', 'Affiliate Program')).toEqual(dashboard);
    expect(await titleBox(page, '/change_card', 'Change card')).toEqual(dashboard);
  });

  it('shows the free removals left anew in the sidebar and the group chooser after a removal', async () => {
    const api = apiWithToken(baseUrl, await sandboxToken(baseUrl, 'Ada Admin'));
    const freeGroup = async () => (await api<{ groups: Group[] }>('/groups')).groups.find((group) => group.name === 'Backyard Beekeepers Circle')!;
    const before = await freeGroup();
    const { left, limit } = before.removal_limits!.free;
    await page.goto(`/${before.fb_group_id}/members/inactive`);
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await sidebar.getByText(`${left} of ${limit} free removals left`).waitFor();

    const firstRow = page.getByRole('checkbox', { name: /^Select (?!all)/ }).first();
    await firstRow.waitFor({ timeout: 15_000 });
    await firstRow.check();
    await page.getByRole('button', { name: 'Remove Members' }).click();
    await page.getByRole('dialog', { name: 'Remove members' }).getByRole('button', { name: /^Remove 1 member/ }).click();
    await expect.poll(async () => (await freeGroup()).removal_limits!.free.left, { timeout: 60_000 }).toBe(left - 1);

    await sidebar.getByText(`${left - 1} of ${limit} free removals left`).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: /Current group:/ }).click();
    const chosen = page.getByRole('list', { name: 'Your groups' }).getByRole('link', { name: /Backyard Beekeepers Circle/ });
    await expect.poll(() => chosen.textContent()).toContain(`${left - 1} free removals left`);
  });
});
