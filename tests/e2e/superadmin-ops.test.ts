import { mkdirSync, rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openPage, SCREENSHOT_DIR } from './support/browser';
import { startProductServer, type ProductServer } from './support/product-server';
import { apiWithToken, sandboxToken, signInThroughSandbox } from './support/sandbox';
import { copyOfWorld } from './support/world-template';

const FAILED_TASK_ERROR = 'The payment provider did not answer.';

/**
 * The supervisor's system pages as Sam Supervisor: the monitor, the robot logs browsed and charted,
 * and a failed background task retried. The failed task is written into this file's own world while
 * its server is stopped, so the file runs its own server on its own data folder.
 */
describe('the supervisor system pages, as the sandbox supervisor', () => {
  const dataDir = copyOfWorld('superadmin-ops');
  let server: ProductServer;
  let browser: Browser;
  let api: ReturnType<typeof apiWithToken>;
  let failedTaskId: number;
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[];

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
    try {
      // A match process of a group with no payment account: it failed once, and a retry has nothing left to do.
      const { rows } = await client.query<{ id: number }>(
        `INSERT INTO tasks (kind, group_id, status, attempts, progress, error, start_timestamp, finished_at)
         SELECT 'match_customers', g.id, 'failed', 1, 40, $1, now() - interval '5 minutes', now() - interval '4 minutes'
         FROM groups g WHERE NOT EXISTS (SELECT 1 FROM payment_accounts a WHERE a.group_id = g.id) ORDER BY g.id LIMIT 1
         RETURNING id`,
        [FAILED_TASK_ERROR],
      );
      failedTaskId = rows[0].id;
    } finally {
      await client.close();
    }
    server = await startProductServer(dataDir);
    browser = await launchChromium();
    api = apiWithToken(server.url, await sandboxToken(server.url, 'Sam Supervisor'));
  }, 400_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  afterEach(async () => context?.close());

  async function signIn() {
    ({ context, page, consoleErrors } = await openPage(browser, server.url));
    await signInThroughSandbox(page, 'Sam Supervisor');
    await page.waitForURL(/\/\d+\/dashboard$/);
  }

  const area = () => page.getByRole('navigation', { name: 'Supervisor area' });

  it('opens the monitor with the system figures and a chart of the last days', async () => {
    await signIn();
    await page.goto('/superadmin');
    await page.waitForURL('**/superadmin/monitor');
    const users = page.locator('.monitor__figure', { has: page.getByText('Users', { exact: true }) }).locator('.monitor__value');
    await users.waitFor({ timeout: 15_000 });
    expect(Number((await users.textContent())!.replace(/,/g, ''))).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('list', { name: 'Groups by plan' }).getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(/^Free \d+$/),
      expect.stringMatching(/^Monthly \d+$/),
      expect.stringMatching(/^Annual \d+$/),
      expect.stringMatching(/^Lifetime \d+$/),
    ]);
    const growth = page.getByRole('region', { name: 'Users and groups' });
    // A line per series, drawn once the chart knows its width.
    await expect.poll(() => growth.locator('svg path').count(), { timeout: 15_000 }).toBe(2);
    expect(await growth.locator('.chart-card__legend li').allTextContents()).toEqual(['Users', 'Groups']);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/superadmin-monitor.png`, fullPage: true });
    expect(consoleErrors).toEqual([]);
  });

  it('browses the robot logs by level error, the address saying so, and charts them', async () => {
    // The robot posts its lines through POST /robot/logs, as the extension and the sandbox robot do.
    const message = `Could not open the members page (e2e ${Date.now()})`;
    await api('/robot/logs', { method: 'POST', body: { logs: [{ level: 'error', message, exec_id: 'e2e-run-1', robot_version: '2.4.0' }] } });
    await signIn();
    await page.goto('/superadmin/monitor');
    await area().getByRole('link', { name: 'Robot logs' }).click();
    await page.waitForURL('**/superadmin/robot_logs/browse');
    const lines = page.getByRole('table', { name: 'Robot log lines' });
    await lines.waitFor({ timeout: 15_000 });

    await page.getByLabel('Level').selectOption('error');
    await page.waitForURL(/\/superadmin\/robot_logs\/browse\?level=error$/);
    await expect.poll(() => lines.getByText(message).count(), { timeout: 15_000 }).toBe(1);
    const levels = await lines.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(levels.length).toBeGreaterThan(0);
    expect(new Set(levels)).toEqual(new Set(['error']));
    await page.screenshot({ path: `${SCREENSHOT_DIR}/superadmin-robot-logs.png`, fullPage: true });

    await page.getByRole('link', { name: 'Chart' }).click();
    await page.waitForURL(/\/superadmin\/robot_logs\/chart\?level=error$/);
    const chart = page.getByRole('region', { name: 'Lines per day' });
    await expect.poll(() => chart.locator('.chart-card__legend li').allTextContents(), { timeout: 15_000 }).toContain(message);
    await chart.getByRole('button', { name: 'By user' }).click();
    await page.waitForURL(/chart_variant=users/);
    await expect.poll(() => chart.locator('svg path').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.reload();
    await expect.poll(() => page.getByLabel('Level').inputValue(), { timeout: 15_000 }).toBe('error');
    expect(consoleErrors).toEqual([]);
  });

  it('retries a failed background task from the jobs page', async () => {
    await signIn();
    await page.goto('/superadmin/monitor');
    await area().getByRole('link', { name: 'Background jobs' }).click();
    await page.waitForURL('**/superadmin/sidekiq');
    const row = page.getByRole('table', { name: 'Task queue' }).getByRole('row').filter({ hasText: `#${failedTaskId}` });
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain(FAILED_TASK_ERROR);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/superadmin-jobs.png`, fullPage: true });

    await row.getByRole('button', { name: `Retry task #${failedTaskId}` }).click();
    await expect.poll(() => page.getByText(`Task #${failedTaskId} is queued again.`).count(), { timeout: 15_000 }).toBe(1);
    // The worker takes it up again; the page follows it without being reloaded.
    await expect.poll(() => row.getByText('Completed').count(), { timeout: 30_000 }).toBe(1);
    expect(await row.getByRole('button', { name: /^Retry/ }).count()).toBe(0);
    const { tasks } = await api<{ tasks: Array<{ id: number; status: string; attempts: number }> }>('/supervisor/jobs');
    expect(tasks.find((task) => task.id === failedTaskId)).toMatchObject({ status: 'completed', attempts: 2 });
    expect(consoleErrors).toEqual([]);
  });
});
