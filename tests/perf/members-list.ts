/**
 * Member-list benchmark: autocannon against GET /groups/{id}/members over loopback, on the
 * 20,000-member sandbox group (Trail Runners Worldwide) and on a generated 200,000-member group:
 * on PostgreSQL (when DATABASE_URL is set) with 50 connections and the server's own pool size, and
 * on PGlite with 10 connections. Each case runs after three warm-up requests, for PERF_SECONDS
 * (default 10), and prints p50, p99, requests/s and how many answers came back, next to the goal
 * of issue 16 where it has one; requests still running when a case ends are waited for before the
 * next one starts, so no case pays for the one before. Beside them, the CPU time each answer cost:
 * this process's (the server and autocannon, which runs in it) and, on PostgreSQL, its backends'
 * (read from /proc), figures that other work on the machine does not move as it moves req/s and
 * latency. It asserts nothing.
 * PERF_DATABASES=postgres (or pglite) runs one database only; PERF_CASES=<regular expression> only
 * the cases whose group and name ("generated 200,000 active, by name, page 1") it matches.
 * Run: npm run perf:members
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildServer } from '../../server/app';
import { loadConfig } from '../../server/config';
import { connectDatabase, type DatabaseKind } from '../../server/db/connect';
import { groups, members, memberships, sessions, users } from '../../server/db/schema';
import { generateToken, hashToken } from '../../server/domain/tokens';
import { seedSandboxWorld } from '../../server/sandbox/seed';
import { createTestDatabase, databaseKinds } from '../support/database';

interface AutocannonResult {
  latency: { p50: number; p99: number };
  requests: { average: number; total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const DURATION_SECONDS = Number(process.env.PERF_SECONDS ?? 10);
/** How long a case may leave requests running before the benchmark gives up on the server. */
const DRAIN_TIMEOUT_MS = 600_000;
const BIG_GROUP_SIZE = 200_000;
const ONLY_DATABASES = process.env.PERF_DATABASES?.split(',');
const ONLY_CASES = process.env.PERF_CASES ? new RegExp(process.env.PERF_CASES) : undefined;
/** Issue 16's load: 50 connections on PostgreSQL; 10 on the embedded database, which runs one query at a time. */
const CONNECTIONS: Record<DatabaseKind, number> = { postgres: 50, pglite: 10 };

interface Goal {
  /** Slowest 99th percentile the case may have, in ms. */
  p99: number;
  /** Fewest requests a second it must answer. */
  rps?: number;
}

interface Case {
  name: string;
  query: string;
  /** The page after page 1 by its next_cursor rather than by its number. */
  nextByCursor?: boolean;
  /** Issue 16's goal on the generated 200,000-member group, per database. */
  goals: Partial<Record<DatabaseKind, Goal>>;
}

const CASES: Case[] = [
  { name: 'active, by name, page 1', query: 'list=active', goals: { postgres: { p99: 50, rps: 1000 }, pglite: { p99: 500 } } },
  { name: 'active, by name, page 2 (cursor)', query: 'list=active', nextByCursor: true, goals: { postgres: { p99: 50, rps: 1000 }, pglite: { p99: 500 } } },
  { name: 'all, last activity desc, page 100', query: 'list=all_members&sort_by=last_activity_at&sort_direction=desc&page=100', goals: { pglite: { p99: 500 } } },
  { name: 'search "ber 12"', query: 'list=all_members&search=ber%2012', goals: { postgres: { p99: 200 }, pglite: { p99: 500 } } },
  { name: 'search "member"', query: 'list=all_members&search=member', goals: { postgres: { p99: 200 }, pglite: { p99: 500 } } },
];

/** The goal's figures beside the measured ones: "goal p99 <= 50 ms, >= 1000 req/s: met". */
function againstGoal(goal: Goal | undefined, p99: number, rps: number): string {
  if (!goal) return '';
  const met = p99 <= goal.p99 && (goal.rps === undefined || rps >= goal.rps);
  return `  goal p99 <= ${goal.p99} ms${goal.rps === undefined ? '' : `, >= ${goal.rps} req/s`}: ${met ? 'met' : 'MISSED'}`;
}

type Database = Awaited<ReturnType<typeof createTestDatabase>>;

/** Clock ticks a second in /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const CLOCK_TICKS = 100;

/**
 * CPU milliseconds each PostgreSQL backend serving the database has used so far, by process id
 * (the server runs on this machine); empty on PGlite, whose work is this process's own.
 */
async function backendCpuMs(database: Database): Promise<Map<number, number>> {
  const used = new Map<number, number>();
  if (database.kind !== 'postgres') return used;
  const { rows } = await database.db.execute<{ pid: number }>(sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`);
  for (const { pid } of rows) {
    try {
      // Fields 14 and 15 (utime, stime) after the command name, which is in parentheses.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      used.set(Number(pid), ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS);
    } catch {
      // A backend that has ended meanwhile.
    }
  }
  return used;
}

/** CPU milliseconds the backends used between two readings (a backend started meanwhile counts from zero). */
function backendCpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let spent = 0;
  for (const [pid, ms] of after) spent += ms - (before.get(pid) ?? 0);
  return spent;
}

/**
 * A fresh database; on PostgreSQL with the pool size the server runs with (connectDatabase's
 * default), not the tests' small one.
 */
async function createBenchmarkDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'pglite') return createTestDatabase(kind);
  const serverUrl = process.env.DATABASE_URL!;
  const name = `xfilter_perf_${randomBytes(6).toString('hex')}`;
  const onServer = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await onServer(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await connectDatabase({ databaseUrl: url.toString(), onIdleConnectionError: () => {} });
  return {
    ...database,
    name,
    close: async () => {
      await database.close();
      await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** A group of `size` members made in SQL: a third active, one in 25 whitelisted, one in 20 removed. */
async function generateGroup(database: Database, size: number, adminFbUserId: string) {
  const { db } = database;
  const [group] = await db.insert(groups).values({ fb_group_id: '4800000001', name: 'Perf Big Group', subscribed_plan: 'annual' }).returning();
  const [admin] = await db.select({ id: members.id }).from(members).where(sql`${members.fb_user_id} = ${adminFbUserId}`);
  await db.insert(memberships).values({ group_id: group!.id, member_id: admin!.id, member_name: 'Perf Admin', role: 'admin', is_admin_holder: true });
  for (let start = 0; start < size; start += 50_000) {
    const end = Math.min(size, start + 50_000) - 1;
    await db.execute(sql`
      INSERT INTO members (fb_user_id, name, fb_username)
      SELECT (6000000000 + i)::text, 'Perf Member ' || i, 'perf.member.' || i FROM generate_series(${start}::int, ${end}::int) AS i`);
    await db.execute(sql`
      INSERT INTO memberships (group_id, member_id, member_name, posts_count, reactions_count, comments_count, last_activity_at, is_whitelisted, is_removed)
      SELECT ${group!.id}::int, m.id, m.name,
        CASE WHEN i % 3 = 0 THEN i % 17 ELSE 0 END, CASE WHEN i % 3 = 0 THEN i % 31 ELSE 0 END, CASE WHEN i % 3 = 0 THEN i % 7 ELSE 0 END,
        CASE WHEN i % 3 = 0 THEN now() - (i % 365) * interval '1 day' END, i % 25 = 0, i % 20 = 0
      FROM generate_series(${start}::int, ${end}::int) AS i JOIN members m ON m.fb_user_id = (6000000000 + i)::text`);
  }
  await db.execute(sql`ANALYZE memberships`);
  await db.execute(sql`ANALYZE members`);
  return group!.id;
}

async function benchmark(kind: DatabaseKind) {
  const database = await createBenchmarkDatabase(kind);
  // One user asks for everything here, so the per-user rate limits would measure themselves, not the list.
  const app = await buildServer({ ...loadConfig({}), appDir: undefined, logLevel: 'silent' }, { database, rateLimits: 'off' });
  // Requests the server is still working on, including those whose client has gone at the end of a
  // case (their reply is still made, though never delivered, so onResponse does not see them).
  const working = new Set<object>();
  app.addHook('onRequest', async (request) => {
    working.add(request);
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    working.delete(request);
    return payload;
  });
  const drained = async () => {
    const started = Date.now();
    while (working.size > 0) {
      if (Date.now() - started > DRAIN_TIMEOUT_MS) throw new Error(`${working.size} requests still running after ${DRAIN_TIMEOUT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return Date.now() - started;
  };
  try {
    const seedStarted = Date.now();
    await seedSandboxWorld(database.db, { seed: 1, scale: 1 });
    const [sandboxGroup] = await database.db.select({ id: groups.id }).from(groups).where(sql`${groups.name} = 'Trail Runners Worldwide'`);
    // Ada holds the sandbox group; her member holds the generated one too.
    const [ada] = await database.db
      .select({ id: users.id, fbUserId: users.fb_user_id })
      .from(users)
      .where(sql`${users.name} = 'Ada Admin'`);
    const token = generateToken();
    await database.db.insert(sessions).values({ user_id: ada!.id, token_hash: hashToken(token) });
    const bigGroupId = await generateGroup(database, BIG_GROUP_SIZE, ada!.fbUserId!);
    console.log(`${kind}: seeded in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);

    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const connections = CONNECTIONS[kind];
    const headers = { authorization: `Bearer ${token}` };
    for (const [label, groupId] of [
      ['sandbox 20,000', sandboxGroup!.id],
      ['generated 200,000', bigGroupId],
    ] as const) {
      for (const { name, query, nextByCursor, goals } of CASES) {
        if (ONLY_CASES && !ONLY_CASES.test(`${label} ${name}`)) continue;
        let url = `${address}/api/v1/groups/${groupId}/members?${query}`;
        if (nextByCursor) {
          const first = (await (await fetch(url, { headers })).json()) as { next_cursor?: string | null };
          if (!first.next_cursor) throw new Error(`${name} on ${label}: page 1 has no next_cursor`);
          url = `${url}&page=2&cursor=${encodeURIComponent(first.next_cursor)}`;
        }
        // A few requests one at a time first, so the case measures a warm server that answers this query.
        for (let warmUp = 0; warmUp < 3; warmUp += 1) {
          const response = await fetch(url, { headers });
          if (!response.ok) throw new Error(`${name} on ${label}: ${response.status} ${await response.text()}`);
        }
        const processCpuBefore = process.cpuUsage();
        const backendCpuBefore = await backendCpuMs(database);
        const result = await autocannon({ url, connections, duration: DURATION_SECONDS, headers });
        const drainMs = await drained();
        const processCpu = process.cpuUsage(processCpuBefore);
        const backendCpu = backendCpuSpent(backendCpuBefore, await backendCpuMs(database));
        const answered = Math.max(1, result.requests.total);
        const cpuPerAnswer =
          `  cpu/answer node ${((processCpu.user + processCpu.system) / 1000 / answered).toFixed(2)} ms` +
          (database.kind === 'postgres' ? `, postgres ${(backendCpu / answered).toFixed(2)} ms` : '');
        const { p50, p99 } = result.latency;
        const rps = result.requests.average;
        console.log(
          `${kind.padEnd(8)} ${String(connections).padStart(2)} conns  ${label.padEnd(18)} ${name.padEnd(34)} p50 ${String(p50).padStart(5)} ms  p99 ${String(p99).padStart(5)} ms  ${rps.toFixed(0).padStart(6)} req/s  ${String(result.requests.total).padStart(6)} answered` +
            (result.non2xx || result.errors ? `  (non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts})` : '') +
            cpuPerAnswer +
            (drainMs > 1000 ? `  (${(drainMs / 1000).toFixed(0)} s to finish the requests left running)` : '') +
            (groupId === bigGroupId ? againstGoal(goals[kind], p99, rps) : ''),
        );
      }
    }
  } finally {
    await app.close();
    await database.close();
  }
}

for (const kind of databaseKinds()) if (!ONLY_DATABASES || ONLY_DATABASES.includes(kind)) await benchmark(kind);
