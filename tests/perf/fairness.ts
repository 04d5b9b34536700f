/**
 * Fairness benchmark: one admin (Ada) starts ten CSV exports of the 20,500-member sandbox group
 * (Trail Runners Worldwide) at once, while another admin (Otto) asks for a 25-row page of his own
 * group's members every 250 ms until the exports are over. Otto's client runs in a worker thread,
 * so a server that blocks its event loop cannot hold his requests back too: each page is timed
 * from the moment it was due to the end of its answer. It prints the p50 and p99 of Otto's page,
 * first with no exports running, then with the per-user rate limits off (all ten exports run),
 * then with them on (two run, the rest answer 429), on PGlite and, when DATABASE_URL is set, on
 * PostgreSQL. Each line with exports ends with issue 16's goal (Otto's page waits behind no export:
 * p99 <= 500 ms) and whether it was met. Over loopback; it asserts nothing.
 * Run: npm run perf:fairness
 */
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { buildServer } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { DatabaseKind } from '../../server/db/connect';
import { groups, sessions, users } from '../../server/db/schema';
import { generateToken, hashToken } from '../../server/domain/tokens';
import { seedSandboxWorld } from '../../server/sandbox/seed';
import { createTestDatabase, databaseKinds } from '../support/database';

const EXPORTS = 10;
const PAGE_EVERY_MS = 250;
/** Issue 16: a page's p99 while another admin's exports run. */
const GOAL_P99_MS = 500;
/** How long the page is asked for with no exports running, for the figures to compare against. */
const IDLE_MS = 5_000;

/** Asks for the page every `everyMs` whether or not the last answer came, until told to stop; then posts each latency. */
const PAGE_CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, token, everyMs } = workerData;
const latencies = [];
const pending = new Set();
let failures = 0;
let due = performance.now();
let timer;
function ask() {
  const dueAt = due;
  const answered = fetch(url, { headers: { authorization: 'Bearer ' + token } })
    .then(async (response) => {
      await response.arrayBuffer();
      if (response.ok) latencies.push(performance.now() - dueAt);
      else failures += 1;
    })
    .catch(() => { failures += 1; });
  pending.add(answered);
  answered.finally(() => pending.delete(answered));
  due += everyMs;
  timer = setTimeout(ask, Math.max(0, due - performance.now()));
}
ask();
parentPort.once('message', async () => {
  clearTimeout(timer);
  await Promise.allSettled([...pending]);
  parentPort.postMessage({ latencies, failures });
});
`;

interface PageTimes {
  latencies: number[];
  failures: number;
}

type Database = Awaited<ReturnType<typeof createTestDatabase>>;

async function openSession(database: Database, name: string): Promise<string> {
  const [user] = await database.db.select({ id: users.id }).from(users).where(sql`${users.name} = ${name}`);
  const token = generateToken();
  await database.db.insert(sessions).values({ user_id: user!.id, token_hash: hashToken(token) });
  return token;
}

async function groupId(database: Database, name: string): Promise<number> {
  const [group] = await database.db.select({ id: groups.id }).from(groups).where(sql`${groups.name} = ${name}`);
  return group!.id;
}

/** Otto's page asked for every PAGE_EVERY_MS until `over` settles. */
async function pageTimesUntil(url: string, token: string, over: Promise<unknown>): Promise<PageTimes> {
  const client = new Worker(PAGE_CLIENT, { eval: true, workerData: { url, token, everyMs: PAGE_EVERY_MS } });
  await over.catch(() => undefined);
  client.postMessage('stop');
  const times = await new Promise<PageTimes>((resolve) => client.once('message', resolve));
  await client.terminate();
  return times;
}

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

function summary({ latencies, failures }: PageTimes): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (share: number) => percentile(sorted, share).toFixed(0).padStart(6);
  return `page p50 ${at(0.5)} ms  p99 ${at(0.99)} ms  (${sorted.length} pages${failures ? `, ${failures} failed` : ''})`;
}

function againstGoal({ latencies }: PageTimes): string {
  const p99 = percentile([...latencies].sort((a, b) => a - b), 0.99);
  return `goal p99 <= ${GOAL_P99_MS} ms: ${p99 <= GOAL_P99_MS ? 'met' : 'MISSED'}`;
}

async function exportOnce(url: string, token: string): Promise<number> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  return response.status;
}

async function benchmark(kind: DatabaseKind) {
  const database = await createTestDatabase(kind);
  try {
    const seedStarted = Date.now();
    await seedSandboxWorld(database.db, { seed: 1, scale: 1 });
    console.log(`${kind}: seeded in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);
    const adaToken = await openSession(database, 'Ada Admin');
    const ottoToken = await openSession(database, 'Otto Owner');
    const exportedGroup = await groupId(database, 'Trail Runners Worldwide');
    const ottoGroup = await groupId(database, 'Home Espresso Enthusiasts');

    for (const limits of ['off', 'on'] as const) {
      const app = await buildServer(
        { ...loadConfig({}), appDir: undefined, logLevel: 'silent' },
        { database, ...(limits === 'off' ? { rateLimits: 'off' as const } : {}) },
      );
      try {
        const address = await app.listen({ host: '127.0.0.1', port: 0 });
        const pageUrl = `${address}/api/v1/groups/${ottoGroup}/members?list=all_members&per_page=25`;
        const exportUrl = `${address}/api/v1/groups/${exportedGroup}/members/export?list=all_members`;
        if (limits === 'off') {
          const idle = await pageTimesUntil(pageUrl, ottoToken, new Promise((resolve) => setTimeout(resolve, IDLE_MS)));
          console.log(`${kind.padEnd(8)} no exports               ${summary(idle)}`);
        }
        const started = performance.now();
        const exports = Promise.all(Array.from({ length: EXPORTS }, () => exportOnce(exportUrl, adaToken)));
        const times = await pageTimesUntil(pageUrl, ottoToken, exports);
        const statuses = await exports;
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        const count = (status: number) => statuses.filter((answered) => answered === status).length;
        console.log(
          `${kind.padEnd(8)} ${EXPORTS} exports, limits ${limits.padEnd(3)}  ${summary(times)}; exports: ${count(200)} × 200, ${count(429)} × 429 in ${seconds} s; ${againstGoal(times)}`,
        );
      } finally {
        await app.close();
      }
    }
  } finally {
    await database.close();
  }
}

for (const kind of databaseKinds()) await benchmark(kind);
