import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openPage } from './support/browser';
import { apiWithToken, sandboxToken, signInThroughSandbox } from './support/sandbox';
import { sharedWorld } from './support/shared-world';

const baseUrl = sharedWorld();

/** The distinct rows the visible elements of a locator sit on, by their vertical middles (within 4 px). */
async function rowsOf(locator: Locator): Promise<number[]> {
  const middles = await locator.evaluateAll((elements) =>
    elements
      .filter((element) => (element as HTMLElement).offsetParent !== null)
      .map((element) => {
        const { top, height } = element.getBoundingClientRect();
        return Math.round(top + height / 2);
      }),
  );
  return middles.filter((middle, index) => middles.findIndex((other) => Math.abs(other - middle) <= 4) === index);
}

/** The members page's layout at a laptop's and a phone's size, on Ada's paid group. */
describe("the members page's layout", () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let membersPath: string;

  beforeAll(async () => {
    browser = await launchChromium();
    const api = apiWithToken(baseUrl, await sandboxToken(baseUrl, 'Ada Admin'));
    const { groups } = await api<{ groups: Array<{ name: string; fb_group_id: string }> }>('/groups');
    membersPath = `/${groups.find((group) => group.name === 'Vintage Film Camera Swap')!.fb_group_id}/members/inactive`;
  });
  afterAll(async () => browser?.close());
  afterEach(async () => context?.close());

  async function openMembers(width: number, height: number) {
    ({ context, page } = await openPage(browser, baseUrl));
    await signInThroughSandbox(page, 'Ada Admin');
    await page.setViewportSize({ width, height });
    await page.goto(membersPath);
    await expect.poll(() => page.locator('tbody .p-checkbox').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  }

  it('keeps the whole action bar on one row at 1366 px, with the selection made', async () => {
    await openMembers(1366, 860);
    await page.locator('tbody .p-checkbox').first().click();
    await expect.poll(() => page.getByText('1 selected').isVisible()).toBe(true);
    expect(await rowsOf(page.getByRole('toolbar', { name: 'Member actions' }).getByRole('button'))).toHaveLength(1);
  });

  it.each([
    [1366, 860],
    [390, 844],
  ])('keeps the action bar in its place at %i px while the first page and its removal limits come', async (width, height) => {
    ({ context, page } = await openPage(browser, baseUrl));
    await signInThroughSandbox(page, 'Ada Admin');
    await page.setViewportSize({ width, height });
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route(/\/api\/v1\/groups\/\d+\/members\?/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(membersPath);
    const toolbar = page.getByRole('toolbar', { name: 'Member actions' });
    await toolbar.waitFor();
    await page.evaluate(() => document.fonts.ready);
    const before = (await toolbar.boundingBox())!;
    answer();
    await expect.poll(() => page.locator('tbody .p-checkbox').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.getByText(/removals left now/).isVisible()).toBe(true);
    expect((await toolbar.boundingBox())!.y).toBe(before.y);
  });

  it("draws PrimeReact's checkboxes, and closed buttons faded and grey", async () => {
    await openMembers(1366, 860);
    expect(await page.locator('tbody input[type=checkbox]:not(.p-checkbox-input)').count()).toBe(0);
    const closed = page.getByRole('button', { name: 'Remove Members' });
    const look = await closed.evaluate((element) => {
      const style = getComputedStyle(element);
      return { opacity: Number(style.opacity), filter: style.filter, cursor: style.cursor };
    });
    expect(look.opacity).toBeLessThanOrEqual(0.5);
    expect(look.filter).toContain('grayscale');
    expect(look.cursor).toBe('not-allowed');
  });

  it('shows each member as a card on a phone, with nothing wider than the screen and the bars on one line each', async () => {
    await openMembers(390, 844);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const row = page.locator('tbody tr').first();
    const box = async (cell: string) => (await row.locator(`.members-page__cell--${cell}`).boundingBox())!;
    const [name, posts, last] = [await box('name'), await box('posts_count'), await box('last_activity_at')];
    expect(name.y).toBeLessThan(posts.y);
    expect(posts.y).toBeLessThan(last.y);
    for (const cell of [name, posts, last]) expect(cell.x + cell.width).toBeLessThanOrEqual(390);
    expect(await page.locator('thead').isVisible()).toBe(false);

    await page.locator('tbody .p-checkbox').first().click();
    await expect.poll(() => page.getByText('1 selected').isVisible()).toBe(true);
    expect(await rowsOf(page.locator('.members-page__actions').getByRole('button'))).toHaveLength(1);
    expect(await rowsOf(page.locator('.members-page__pagination').locator('button, select'))).toHaveLength(1);
  });
});
