import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openPage, SCREENSHOT_DIR } from './support/browser';
import { apiWithToken, sandboxToken, signInThroughSandbox } from './support/sandbox';
import { sharedWorld } from './support/shared-world';

const baseUrl = sharedWorld();

interface Group {
  id: number;
  fb_group_id: string;
}

/** The dashboard, the posts and the actions log of Ada Admin's first group, as she signs in to it. */
describe('the group pages, as the sandbox group admin', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: ReturnType<typeof apiWithToken>;

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    browser = await launchChromium();
    api = apiWithToken(baseUrl, await sandboxToken(baseUrl, 'Ada Admin'));
  });
  afterAll(async () => browser?.close());
  afterEach(async () => context?.close());


  /** Signs in and lands on the dashboard of the first group; that group, found through the API. */
  async function signIn(): Promise<Group> {
    ({ context, page } = await openPage(browser, baseUrl));
    await signInThroughSandbox(page, 'Ada Admin');
    await page.waitForURL(/\/\d+\/dashboard$/);
    const fbGroupId = new URL(page.url()).pathname.split('/')[1];
    const { groups } = await api<{ groups: Group[] }>('/groups');
    const group = groups.find((candidate) => candidate.fb_group_id === fbGroupId);
    if (!group) throw new Error(`group ${fbGroupId} is not among Ada's groups`);
    return group;
  }

  const chart = (title: string) => page.locator('section.chart-card', { has: page.getByRole('heading', { name: title }) });

  it('draws both dashboard charts, and tells when a picked range has no data', async () => {
    await signIn();
    for (const [title, series] of [
      ['Members', ['Active', 'Inactive', 'Whitelisted', 'Removed']],
      ['Activities', ['Posts', 'Reactions', 'Comments']],
    ] as const) {
      await expect.poll(() => chart(title).locator('svg path').count(), { timeout: 15_000 }).toBeGreaterThan(series.length);
      expect(await chart(title).locator('.chart-card__legend li').allTextContents()).toEqual(series);
      await expect.poll(() => chart(title).getByLabel('From', { exact: true }).inputValue()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
      await expect.poll(() => chart(title).getByLabel('To', { exact: true }).inputValue()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    }
    await page.screenshot({ path: `${SCREENSHOT_DIR}/dashboard-charts.png`, fullPage: true });

    const activities = chart('Activities');
    await activities.getByLabel('From', { exact: true }).fill('Jan 1, 2000');
    await page.keyboard.press('Escape');
    await page.waitForURL(/activities_from=2000-01-01/);
    await activities.getByLabel('To', { exact: true }).fill('Jan 31, 2000');
    await page.keyboard.press('Escape');
    await page.waitForURL(/activities_to=2000-01-31/);
    await expect.poll(() => activities.getByText('No data for chart yet').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => chart('Members').locator('svg path').count()).toBeGreaterThan(4);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/dashboard-empty-range.png`, fullPage: true });
  });

  it('narrows the posts and their count with a search, and clears back', async () => {
    const group = await signIn();
    const all = await api<{ posts: Array<{ text: string | null }>; count_all: number }>(`/groups/${group.id}/posts?per_page=30`);
    // A word some posts have and others do not, found in the group's own posts.
    const words = [...new Set(all.posts.flatMap((post) => (post.text ?? '').toLowerCase().match(/[a-z]{5,}/g) ?? []))];
    let search = '';
    let found = 0;
    for (const word of words) {
      const { count } = await api<{ count: number }>(`/groups/${group.id}/posts?search=${encodeURIComponent(word)}`);
      if (count > 0 && count < all.count_all) {
        search = word;
        found = count;
        break;
      }
    }
    expect(search).not.toBe('');

    await page.getByRole('link', { name: 'Posts' }).click();
    await page.waitForURL(/\/posts$/);
    const cards = page.locator('article[aria-label^="Post "]');
    await expect.poll(() => page.getByText(`${all.count_all} posts`, { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => cards.count()).toBe(Math.min(30, all.count_all));

    await page.getByLabel('Search posts').fill(search);
    await page.waitForURL(new RegExp(`\\?search=${search}$`));
    await expect.poll(() => page.getByText(`Found ${found} of ${all.count_all} posts`).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => cards.count()).toBe(Math.min(30, found));
    await page.screenshot({ path: `${SCREENSHOT_DIR}/posts-search.png` });

    await page.getByLabel('Search posts').fill('');
    await page.waitForURL(/\/posts$/);
    await expect.poll(() => page.getByText(`${all.count_all} posts`, { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => cards.count()).toBe(Math.min(30, all.count_all));
  });

  it('shows a whitelist move in the actions log, filtered by its kind', async () => {
    const group = await signIn();
    const inactive = await api<{ members: Array<{ id: number; name: string; fb_user_id: string }> }>(
      `/groups/${group.id}/members?list=inactive&per_page=25`,
    );
    const moved = inactive.members.slice(0, 2);
    expect(moved).toHaveLength(2);
    await api(`/groups/${group.id}/members/whitelisted`, { method: 'POST', body: { is_whitelisted: true, ids: moved.map((member) => member.id) } });

    await page.getByRole('link', { name: 'Actions Log' }).click();
    await page.waitForURL(/\/logs$/);
    await page.getByLabel('Members Whitelisted').check();
    await page.waitForURL(/\?kind=members_whitelisted$/);
    const rows = page.locator('.p-datatable-tbody tr');
    for (const member of moved) {
      const row = rows.filter({ hasText: member.name }).first();
      await expect.poll(() => row.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await row.textContent()).toContain('Members Whitelisted');
    }
    const events = await rows.locator('td:nth-child(2)').allTextContents();
    expect(events.every((event) => event.startsWith('Members Whitelisted'))).toBe(true);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/actions-log-whitelisted.png` });

    // The member typeahead narrows the log to one of them; a namesake is told apart by the social network id beside the name.
    const [chosen] = moved;
    await page.getByLabel('Member', { exact: true }).pressSequentially(chosen!.name, { delay: 30 });
    const option = page.getByRole('option').filter({ hasText: chosen!.name }).filter({ hasText: chosen!.fb_user_id });
    await option.waitFor({ timeout: 15_000 });
    await option.click();
    await page.waitForURL(new RegExp(`member_id=${chosen!.id}`));
    const onlyChosen = async () => {
      const texts = await rows.allTextContents();
      return texts.length > 0 && texts.every((text) => text.includes(chosen!.name));
    };
    await expect.poll(onlyChosen, { timeout: 15_000 }).toBe(true);
  });
});
