/**
 * Members-page benchmark in Chromium: the product started as `npm start` does (production build,
 * sandbox world on a fresh embedded database), Ada Admin signed in through the sandbox, the active
 * list of Trail Runners Worldwide (the 20,000-member sandbox group). It times, from the click to
 * the table showing the result: a page change, a sort by a column, and select-all; at 25 and at
 * 100 rows a page. Each is repeated and printed as p50, p95 and max; it asserts nothing.
 * Run: npm run perf:members-page
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ensureAppBuilt } from '../../scripts/app-build';
import { launchChromium, openPage } from '../e2e/support/browser';
import { startProductServer } from '../e2e/support/product-server';
import { sandboxToken, signInThroughSandbox } from '../e2e/support/sandbox';

const REPEATS = Number(process.env.PERF_REPEATS ?? 15);
const GROUP_NAME = 'Trail Runners Worldwide';

const ROW_NAMES = 'tbody input[type=checkbox]';

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

function report(action: string, timings: number[]) {
  const sorted = [...timings].sort((a, b) => a - b);
  const figures = [`p50 ${percentile(sorted, 0.5).toFixed(0)} ms`, `p95 ${percentile(sorted, 0.95).toFixed(0)} ms`, `max ${sorted.at(-1)!.toFixed(0)} ms`];
  console.log(`  ${action.padEnd(34)} ${figures.join('   ')}   (${timings.length} runs)`);
}

/** The names of the rows the table shows, read from their checkboxes. */
const rowNames = (page: Page) => page.locator(ROW_NAMES).evaluateAll((boxes) => boxes.map((box) => box.getAttribute('aria-label')).join('|'));

/** Milliseconds from the action to the table showing different rows, with no loading overlay left. */
async function timeRowsChange(page: Page, action: () => Promise<void>): Promise<number> {
  const before = await rowNames(page);
  const started = performance.now();
  await action();
  await page.waitForFunction(
    ({ selector, previous }) =>
      !document.querySelector('.p-datatable-loading-overlay') &&
      [...document.querySelectorAll(selector)].map((box) => box.getAttribute('aria-label')).join('|') !== previous,
    { selector: ROW_NAMES, previous: before },
    { polling: 'raf', timeout: 30_000 },
  );
  return performance.now() - started;
}

async function timeSelectAll(page: Page): Promise<number> {
  const rows = await page.locator(ROW_NAMES).count();
  const started = performance.now();
  await page.getByRole('button', { name: 'Select all' }).click();
  await page.getByText(`${rows} selected`).waitFor();
  await page.waitForFunction((selector) => [...document.querySelectorAll<HTMLInputElement>(selector)].every((box) => box.checked), ROW_NAMES, {
    polling: 'raf',
  });
  const elapsed = performance.now() - started;
  await page.getByRole('button', { name: 'Select none' }).click();
  await page.getByText('0 selected').waitFor();
  return elapsed;
}

async function benchmark(page: Page, address: string, perPage: number) {
  console.log(`\n${GROUP_NAME}, active list, ${perPage} rows a page`);
  await page.goto(`${address}${perPage === 25 ? '' : `?per_page=${perPage}`}`);
  await page.locator(ROW_NAMES).first().waitFor({ timeout: 60_000 });

  const pageChanges: number[] = [];
  for (let run = 0; run < REPEATS; run += 1) {
    pageChanges.push(await timeRowsChange(page, () => page.getByRole('button', { name: 'Next Page' }).click()));
  }
  report('page change (next page)', pageChanges);

  const sorts: number[] = [];
  for (let run = 0; run < REPEATS; run += 1) {
    sorts.push(await timeRowsChange(page, () => page.getByRole('columnheader', { name: run % 2 === 0 ? 'Posts' : 'Name' }).click()));
  }
  report('sort (posts, then name)', sorts);

  const selections: number[] = [];
  for (let run = 0; run < REPEATS; run += 1) selections.push(await timeSelectAll(page));
  report('select all', selections);
}

async function main() {
  ensureAppBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'xfilter-perf-page-'));
  const server = await startProductServer(dataDir);
  const browser = await launchChromium();
  try {
    const { page } = await openPage(browser, server.url);
    await signInThroughSandbox(page, 'Ada Admin');
    await page.waitForURL(/\/\d+\/dashboard$/);
    const token = await sandboxToken(server.url, 'Ada Admin');
    const groups = (await (await fetch(`${server.url}/api/v1/groups`, { headers: { authorization: `Bearer ${token}` } })).json()).groups as Array<{
      name: string;
      fb_group_id: string;
    }>;
    const group = groups.find((candidate) => candidate.name === GROUP_NAME);
    if (!group) throw new Error(`${GROUP_NAME} is not among Ada's groups`);
    console.log(`Members page in Chromium (production build, embedded database), ${REPEATS} runs per action`);
    for (const perPage of [25, 100]) await benchmark(page, `/${group.fb_group_id}/members/active`, perPage);
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
