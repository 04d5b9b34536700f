/**
 * First-paint benchmark: Lighthouse 12's mobile performance audit (its default mobile form factor and
 * simulated throttling) of the login page, the dashboard and the members page, against the product
 * started as `npm start` does (production build, sandbox world on a fresh embedded database). The
 * signed-in pages are audited with Ada Admin's session in place: the app keeps its session token in
 * localStorage, which Lighthouse leaves alone when it clears the origin's caches before each run.
 * Each page is audited RUNS times (LIGHTHOUSE_RUNS, default 3) in one headless Chromium (CHROME_PATH
 * or /usr/bin/chromium); the medians are printed next to the goals, with the largest paint's element
 * and the layout shifts of the median run. It asserts nothing.
 * Run: npm run perf:lighthouse   (LIGHTHOUSE_PAGES=login,members to audit only some pages; LIGHTHOUSE_REPORTS=<folder>
 * to keep each run's full report there)
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { ensureAppBuilt } from '../../scripts/app-build';
import { SESSION_KEYS } from '../../machines/session/sessionStore';
import { CHROMIUM_ARGS, CHROMIUM_INSTALL_COMMAND, findChromium } from '../support/chromium';
import { freePort, startProductServer } from '../e2e/support/product-server';
import { sandboxToken } from '../e2e/support/sandbox';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const ACCOUNT = 'Ada Admin';
const GROUP_NAME = 'Trail Runners Worldwide';

const GOALS = { score: 0.95, lcpMs: 2000, cls: 0.02 };

interface PageToAudit {
  name: string;
  path: string;
  /** The session token the page is opened with; null for a signed-out visitor. */
  token: string | null;
}

interface Figures {
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  jsBytes: number;
  cssBytes: number;
  lcpElement: string;
  shifts: string[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

/** Headless Chromium with its DevTools port open, on a profile of its own. */
async function launchBrowser(profileDir: string): Promise<{ port: number; close: () => Promise<void> }> {
  const executable = findChromium();
  if (!executable) throw new Error(`Chromium was not found: set CHROME_PATH or run ${CHROMIUM_INSTALL_COMMAND}`);
  const port = await freePort();
  const child = spawn(executable, ['--headless', ...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profileDir}`, 'about:blank'], {
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Chromium exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('Chromium did not open its DevTools port within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    close: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Puts the page's session in the browser's default profile, the one Lighthouse opens its tab in. */
async function setSession(port: number, origin: string, token: string | null): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    // The favicon is a page of the origin that starts no script: the storage is set with nothing reading it.
    await page.goto(`${origin}/favicon.svg`);
    await page.evaluate(
      ({ key, value }) => (value === null ? window.localStorage.removeItem(key) : window.localStorage.setItem(key, value)),
      { key: SESSION_KEYS.token, value: token },
    );
    await page.close();
  } finally {
    await browser.close();
  }
}

function transferred(lhr: Result, resourceType: string): number {
  const items = (lhr.audits['resource-summary']?.details as { items?: Array<{ resourceType: string; transferSize: number }> } | undefined)?.items ?? [];
  return items.find((item) => item.resourceType === resourceType)?.transferSize ?? 0;
}

function lcpElement(lhr: Result): string {
  const details = lhr.audits['largest-contentful-paint-element']?.details as { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } | undefined;
  return details?.items?.[0]?.items?.[0]?.node?.snippet ?? '(none reported)';
}

function layoutShifts(lhr: Result): string[] {
  const items = (lhr.audits['layout-shifts']?.details as { items?: Array<{ score: number; node?: { snippet?: string } }> } | undefined)?.items ?? [];
  return items.filter((item) => item.score >= 0.001).map((item) => `${item.score.toFixed(3)}  ${item.node?.snippet ?? '(no element)'}`);
}

function figuresOf(lhr: Result): Figures {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: lhr.categories.performance?.score ?? 0,
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    fcpMs: numeric('first-contentful-paint'),
    jsBytes: transferred(lhr, 'script'),
    cssBytes: transferred(lhr, 'stylesheet'),
    lcpElement: lcpElement(lhr),
    shifts: layoutShifts(lhr),
  };
}

const REPORTS_DIR = process.env.LIGHTHOUSE_REPORTS;

async function audit(port: number, url: string, reportName: string): Promise<Figures> {
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], formFactor: 'mobile' };
  const result = await lighthouse(url, flags);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.message}`);
  const finalUrl = result.lhr.finalDisplayedUrl;
  if (new URL(finalUrl).pathname !== new URL(url).pathname) throw new Error(`${url} ended at ${finalUrl}: the session was not in place`);
  if (REPORTS_DIR) {
    mkdirSync(REPORTS_DIR, { recursive: true });
    writeFileSync(join(REPORTS_DIR, `${reportName}.json`), JSON.stringify(result.lhr));
  }
  return figuresOf(result.lhr);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mark = (met: boolean) => (met ? 'ok' : 'MISSED');

function report(page: PageToAudit, runs: Figures[]) {
  const pick = (key: keyof Omit<Figures, 'lcpElement' | 'shifts'>) => median(runs.map((run) => run[key]));
  const score = pick('score');
  const lcp = pick('lcpMs');
  const cls = pick('cls');
  const medianRun = runs.find((run) => run.score === score) ?? runs[0]!;
  console.log(`\n${page.name} (${page.path}), medians of ${runs.length}`);
  console.log(`  score  ${score.toFixed(2).padEnd(10)} goal >= ${GOALS.score}   ${mark(score >= GOALS.score)}   (runs: ${runs.map((run) => run.score.toFixed(2)).join(', ')})`);
  console.log(`  LCP    ${seconds(lcp).padEnd(10)} goal <= ${seconds(GOALS.lcpMs)}   ${mark(lcp <= GOALS.lcpMs)}`);
  console.log(`  CLS    ${cls.toFixed(3).padEnd(10)} goal <= ${GOALS.cls}   ${mark(cls <= GOALS.cls)}`);
  console.log(`  TBT    ${`${pick('tbtMs').toFixed(0)} ms`.padEnd(10)} FCP ${seconds(pick('fcpMs'))}`);
  console.log(`  transferred: JS ${kb(pick('jsBytes'))}, CSS ${kb(pick('cssBytes'))}`);
  console.log(`  largest paint: ${medianRun.lcpElement}`);
  for (const shift of medianRun.shifts) console.log(`  layout shift: ${shift}`);
}

async function main() {
  ensureAppBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'xfilter-perf-lighthouse-'));
  const profileDir = mkdtempSync(join(tmpdir(), 'xfilter-perf-lighthouse-chromium-'));
  const server = await startProductServer(dataDir);
  let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  try {
    const token = await sandboxToken(server.url, ACCOUNT);
    const answer = await fetch(`${server.url}/api/v1/groups`, { headers: { authorization: `Bearer ${token}` } });
    const { groups } = (await answer.json()) as { groups: Array<{ name: string; fb_group_id: string }> };
    const group = groups.find((candidate) => candidate.name === GROUP_NAME);
    if (!group) throw new Error(`${GROUP_NAME} is not among ${ACCOUNT}'s groups`);
    const pages: PageToAudit[] = [
      { name: 'login', path: '/auth/login', token: null },
      { name: 'dashboard', path: `/${group.fb_group_id}/dashboard`, token },
      { name: 'members', path: `/${group.fb_group_id}/members/active`, token },
    ];
    const chosen = process.env.LIGHTHOUSE_PAGES?.split(',');
    browser = await launchBrowser(profileDir);
    console.log(`Lighthouse ${RUNS}x per page, mobile, simulated throttling (production build, embedded database, ${ACCOUNT} on ${GROUP_NAME})`);
    for (const page of pages.filter((candidate) => !chosen || chosen.includes(candidate.name))) {
      const runs: Figures[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        await setSession(browser.port, server.url, page.token);
        runs.push(await audit(browser.port, server.url + page.path, `${page.name}-${run + 1}`));
      }
      report(page, runs);
    }
  } finally {
    await browser?.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profileDir, { recursive: true, force: true });
  }
}

await main();
