import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openPage } from './support/browser';
import { signInThroughSandbox } from './support/sandbox';
import { sharedWorld } from './support/shared-world';

const baseUrl = sharedWorld();
/** The goal for the dashboard: CLS ≤ 0.02. */
const CLS_GOAL = 0.02;

/** The layout shifts of the page so far, without those right after an input (as CLS counts them). */
function layoutShifts(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!entry.hadRecentInput) sum += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(sum)));
      }),
  );
}

/** Ada's dashboard at a laptop's and a phone's size, while the charts' lines come after the page has painted. */
describe("the dashboard's layout", () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => browser?.close());
  afterEach(async () => context?.close());

  it.each([
    [1366, 860],
    [390, 844],
  ])('paints the charts\' cards at %i px before their lines come, and nothing moves when they do', async (width, height) => {
    ({ context, page } = await openPage(browser, baseUrl));
    await signInThroughSandbox(page, 'Ada Admin');
    await page.waitForURL(/\/\d+\/dashboard$/);
    await page.setViewportSize({ width, height });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/LinePlot-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    const activities = page.locator('section.chart-card', { has: page.getByRole('heading', { name: 'Activities' }) });
    const legend = activities.locator('.chart-card__legend li');
    await expect.poll(() => legend.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.locator('.chart-card__plot svg').count()).toBe(0);
    const before = (await activities.boundingBox())!;

    release();
    await expect.poll(() => activities.locator('.chart-card__plot svg path').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const after = (await activities.boundingBox())!;
    expect({ y: after.y, height: after.height }).toEqual({ y: before.y, height: before.height });
    expect(await layoutShifts(page)).toBeLessThanOrEqual(CLS_GOAL);
  });
});
