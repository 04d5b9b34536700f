import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as forward, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openPage } from './support/browser';
import { freePort, startProductServer, type ProductServer } from './support/product-server';
import { apiWithToken, sandboxToken, signInThroughSandbox } from './support/sandbox';
import { runOnServer } from '../support/database';

const serverUrl = process.env.DATABASE_URL;
const METRICS_TOKEN = 'two-processes-metrics-token';

interface Group {
  id: number;
  name: string;
  fb_group_id: string;
  subscribed_plan: string;
}

/** A load balancer at its simplest: each request, whichever connection it came on, goes to the next process in turn. */
async function roundRobin(upstreams: string[]): Promise<{ url: string; served: number[]; close(): Promise<void> }> {
  const served = upstreams.map(() => 0);
  let next = 0;
  const proxy: Server = createServer((incoming, outgoing) => {
    const turn = next;
    next = (next + 1) % upstreams.length;
    served[turn]! += 1;
    const target = new URL(upstreams[turn]!);
    const upstream = forward({ host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers: incoming.headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () => new Promise<void>((resolve) => proxy.close(() => resolve())),
  };
}

/**
 * Two API processes started at once on one fresh PostgreSQL database, behind a round-robin proxy:
 * they migrate and create the sandbox world once between them, and Ada's members journey works
 * whichever process answers each request.
 */
describe.skipIf(!serverUrl)('two API processes on one PostgreSQL (skipped without DATABASE_URL)', () => {
  const databaseName = `xfilter_e2e_two_${randomBytes(6).toString('hex')}`;
  const dataDirs: string[] = [];
  const metricsUrls: string[] = [];
  let servers: ProductServer[] = [];
  let balancer: Awaited<ReturnType<typeof roundRobin>>;
  let browser: Browser;
  let context: BrowserContext | undefined;
  let page: Page;
  let consoleErrors: string[];

  beforeAll(async () => {
    await runOnServer(serverUrl!, `CREATE DATABASE ${databaseName}`);
    const databaseUrl = new URL(serverUrl!);
    databaseUrl.pathname = `/${databaseName}`;
    const starting = [0, 1].map(async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'xfilter-e2e-two-'));
      dataDirs.push(dataDir);
      const metricsPort = await freePort();
      metricsUrls.push(`http://127.0.0.1:${metricsPort}/metrics`);
      return startProductServer(dataDir, { databaseUrl: databaseUrl.toString(), env: { METRICS_PORT: String(metricsPort), METRICS_TOKEN } });
    });
    const started = await Promise.allSettled(starting);
    servers = started.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    const failed = started.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    balancer = await roundRobin(servers.map((server) => server.url));
    browser = await launchChromium();
  }, 400_000);
  afterAll(async () => {
    await browser?.close();
    await balancer?.close();
    await Promise.all(servers.map((server) => server.stop()));
    await runOnServer(serverUrl!, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  });
  afterEach(async () => context?.close());

  it('migrates and creates the sandbox world once between them', () => {
    const created = servers.filter((server) => server.output().includes('Created the sandbox world'));
    expect(created).toHaveLength(1);
  });

  it("serves Ada's members journey through the balancer: a whitelisting made on one process shows on the other", async () => {
    ({ context, page, consoleErrors } = await openPage(browser, balancer.url));
    await signInThroughSandbox(page, 'Ada Admin');
    await page.waitForURL(/\/\d+\/dashboard$/);

    // Each process answers on its own too, with a token signed in through the other.
    const [first, second] = servers as [ProductServer, ProductServer];
    const onFirst = apiWithToken(first.url, await sandboxToken(second.url, 'Ada Admin'));
    const onSecond = apiWithToken(second.url, await sandboxToken(first.url, 'Ada Admin'));
    const group = (await onFirst<{ groups: Group[] }>('/groups')).groups.find((candidate) => candidate.name === 'Vintage Film Camera Swap')!;
    const whitelistedOn = async (api: typeof onFirst) =>
      (await api<{ members: Array<{ name: string }> }>(`/groups/${group.id}/members?list=whitelisted&per_page=100`)).members.map((member) => member.name);

    await page.goto(`/${group.fb_group_id}/members/inactive`);
    await page.getByRole('table').first().waitFor();
    const box = page.locator('tbody input[type=checkbox]').first();
    await box.waitFor();
    const name = (await box.getAttribute('aria-label'))!.replace(/^Select /, '');
    await box.check();
    await expect.poll(() => page.getByText('1 selected').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Add to Whitelist' }).click();
    await expect.poll(() => page.getByRole('status').getByText('1 member added to the whitelist.').isVisible(), { timeout: 15_000 }).toBe(true);

    expect(await whitelistedOn(onFirst)).toContain(name);
    expect(await whitelistedOn(onSecond)).toContain(name);
    await page.getByRole('tab', { name: /^Whitelisted/ }).click();
    await page.waitForURL(`**/${group.fb_group_id}/members/whitelisted`);
    await expect.poll(() => page.getByRole('checkbox', { name: `Select ${name}` }).count(), { timeout: 15_000 }).toBeGreaterThan(0);

    // The page's requests went to both processes, and each counted its own on its metrics listener.
    expect(Math.min(...balancer.served)).toBeGreaterThan(5);
    expect(consoleErrors).toEqual([]);
    for (const url of metricsUrls) {
      const text = await (await fetch(url)).text();
      expect(text).toMatch(/^xfilter_http_request_duration_seconds_count\{operation="listGroupMembers"\} [1-9]\d*$/m);
    }
  });

  it("buys a plan through the balancer: the card token is issued by one process and pays on the other", async () => {
    const api = apiWithToken(balancer.url, await sandboxToken(balancer.url, 'Ada Admin'));
    const group = (await api<{ groups: Group[] }>('/groups')).groups.find((candidate) => candidate.subscribed_plan === 'free')!;
    /** Sends one request through the balancer, and tells which process answered it. */
    const through = async (path: string, init: { body: unknown; headers?: Record<string, string> }) => {
      const before = [...balancer.served];
      const response = await api<Record<string, any>>(path, { method: 'POST', ...init });
      return { response, process: balancer.served.findIndex((served, index) => served !== before[index]) };
    };
    const card = await through('/sandbox/payments/card_tokens', {
      body: { number: '4242424242424242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123' },
    });
    const paid = await through(`/groups/${group.id}/subscription`, { body: { plan: 'annual', token: card.response.token }, headers: { 'idempotency-key': randomUUID() } });
    expect(paid.process).not.toBe(card.process);
    expect(paid.response.group).toMatchObject({ id: group.id, subscribed_plan: 'annual', is_locked: false });
    expect(paid.response.transaction_id).toMatch(/^in_sandbox_/);
  });

  it('answers /metrics on the public port only with the bearer token', async () => {
    const [first] = servers as [ProductServer];
    expect((await fetch(`${first.url}/metrics`)).status).toBe(401);
    const scraped = await fetch(`${first.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toMatch(/^xfilter_db_pool_connections\{driver="postgres"\} \d+$/m);
  });
});
