import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import { loadConfig } from '../../server/config';
import { tasks } from '../../server/db/schema';
import { createServerMetrics, LATENCY_BUCKETS, listenForMetrics, type ServerMetrics } from '../../server/http/metrics';
import { enqueueTask } from '../../server/tasks/runner';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/database';
import { apiAs, type ApiCall } from './support/robot-client';
import { reportUserGroups, startJob } from './support/sandbox-robot';
import { bearer, signInAs } from './support/sandbox-session';
import { TEST_WORLD_SCALE } from './support/seeded-server';
import { createTestServer, type TestServer } from './support/test-server';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE_LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"(?:,|$)/;
const HISTOGRAM_SUFFIXES = /_(bucket|sum|count)$/;

function parseValue(text: string): number {
  if (text === '+Inf') return Infinity;
  if (text === '-Inf') return -Infinity;
  if (text === 'NaN') return NaN;
  if (!/^-?\d+(\.\d+)?(e[+-]?\d+)?$/.test(text)) throw new Error(`'${text}' is not a sample value`);
  return Number(text);
}

function parseLabels(text: string | undefined, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  let rest = text ?? '';
  while (rest !== '') {
    const match = LABEL.exec(rest);
    if (!match) throw new Error(`bad labels in '${line}'`);
    labels[match[1]!] = match[2]!.replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1');
    rest = rest.slice(match[0].length);
  }
  return labels;
}

/** The text exposition format, read strictly: every sample line `name{labels} value`, each family typed before its samples. */
function parseExposition(text: string): { types: Map<string, string>; samples: Sample[] } {
  if (!text.endsWith('\n')) throw new Error('the exposition does not end with a line feed');
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.slice(0, -1).split('\n')) {
    const typed = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (typed) {
      if (types.has(typed[1]!)) throw new Error(`${typed[1]} is typed twice`);
      types.set(typed[1]!, typed[2]!);
      continue;
    }
    if (/^# HELP [a-zA-Z_:][a-zA-Z0-9_:]* \S/.test(line)) continue;
    const match = SAMPLE_LINE.exec(line);
    if (!match) throw new Error(`'${line}' is not a sample line`);
    const [, name, labelText, value] = match as unknown as [string, string, string | undefined, string];
    const family = types.has(name) ? name : name.replace(HISTOGRAM_SUFFIXES, '');
    if (!types.has(family)) throw new Error(`${name} comes before its # TYPE line`);
    samples.push({ name, labels: parseLabels(labelText, line), value: parseValue(value) });
  }
  return { types, samples };
}

function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

/** A member as the robot scans it. */
const person = (n: number) => ({ fb_user_id: `78000${String(n).padStart(4, '0')}`, name: `Counted Person ${n}`, role: 'subscriber' });

describe.each(databaseKinds())('/metrics on %s', (kind) => {
  let database: TestDatabase;
  let metrics: ServerMetrics;
  let app: FastifyInstance;
  let listener: Awaited<ReturnType<typeof listenForMetrics>>;
  let ada: ApiCall;
  let adaToken: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind, 'seeded');
    metrics = createServerMetrics(database);
    const config = { ...loadConfig({}), appDir: undefined, logLevel: 'silent', sandboxScale: TEST_WORLD_SCALE, metricsToken: TOKEN };
    app = await buildServer(config, { database, metrics });
    listener = await listenForMetrics(metrics, 0, (error) => {
      throw error;
    });
    adaToken = (await signInAs(app, 'ada')).token;
    ada = apiAs(app, adaToken);
  });
  afterAll(async () => {
    await listener?.close();
    await app?.close();
    await database?.close();
  });

  async function scrape() {
    const response = await app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    return parseExposition(response.body);
  }

  it('answers in the text exposition format: every line a typed sample `name{labels} value`, histograms cumulative', async () => {
    await app.inject({ method: 'GET', url: '/api/v1/status' });
    const { types, samples } = await scrape();
    expect(Object.fromEntries(types)).toMatchObject({
      xfilter_http_request_duration_seconds: 'histogram',
      xfilter_http_responses_total: 'counter',
      xfilter_db_pool_connections: 'gauge',
      xfilter_db_pool_idle_connections: 'gauge',
      xfilter_db_pool_waiting: 'gauge',
      xfilter_tasks: 'gauge',
      xfilter_members_ingested_total: 'counter',
    });
    const operations = new Set(samples.filter((sample) => sample.name.endsWith('_bucket')).map((sample) => sample.labels.operation!));
    expect(operations.size).toBeGreaterThan(0);
    for (const operation of operations) {
      const buckets = samples.filter((sample) => sample.name === 'xfilter_http_request_duration_seconds_bucket' && sample.labels.operation === operation);
      expect(buckets.map((bucket) => bucket.labels.le)).toEqual([...LATENCY_BUCKETS.map(String), '+Inf']);
      const counts = buckets.map((bucket) => bucket.value);
      expect(counts).toEqual([...counts].sort((a, b) => a - b));
      expect(counts.at(-1)).toBe(valueOf(samples, 'xfilter_http_request_duration_seconds_count', { operation }));
    }
  });

  it("puts a call of an operation in that operation's histogram, and its answer under its status class", async () => {
    const before = (await scrape()).samples;
    expect((await app.inject({ method: 'GET', url: '/api/v1/groups', headers: bearer(adaToken) })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/v1/groups' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/v1/no/such/operation' })).statusCode).toBe(404);
    const after = (await scrape()).samples;

    const calls = (samples: Sample[]) => valueOf(samples, 'xfilter_http_request_duration_seconds_count', { operation: 'listGroups' }) ?? 0;
    expect(calls(after) - calls(before)).toBe(2);
    expect(valueOf(after, 'xfilter_http_request_duration_seconds_bucket', { operation: 'listGroups', le: '+Inf' })! - (valueOf(before, 'xfilter_http_request_duration_seconds_bucket', { operation: 'listGroups', le: '+Inf' }) ?? 0)).toBe(2);
    // An address of no operation has no histogram of its own.
    expect(after.filter((sample) => sample.name.startsWith('xfilter_http_request_duration') && !sample.labels.operation)).toEqual([]);
    const answered = (samples: Sample[], statusClass: string) => valueOf(samples, 'xfilter_http_responses_total', { status_class: statusClass })!;
    // The scrape before this one counts as a 2xx too.
    expect(answered(after, '2xx') - answered(before, '2xx')).toBe(2);
    expect(answered(after, '4xx') - answered(before, '4xx')).toBe(2);
  });

  it('puts each duration in the first bucket that holds it, and adds it to the sum', async () => {
    const own = createServerMetrics(database);
    own.observeResponse('getStatus', 200, 0.03);
    own.observeResponse('getStatus', 503, 12);
    own.observeResponse(undefined, 304, 0.001);
    const { samples } = parseExposition(await own.render());
    const bucket = (le: string) => valueOf(samples, 'xfilter_http_request_duration_seconds_bucket', { operation: 'getStatus', le });
    expect([bucket('0.025'), bucket('0.05'), bucket('10'), bucket('+Inf')]).toEqual([0, 1, 1, 2]);
    expect(valueOf(samples, 'xfilter_http_request_duration_seconds_sum', { operation: 'getStatus' })).toBeCloseTo(12.03);
    expect(valueOf(samples, 'xfilter_http_responses_total', { status_class: '3xx' })).toBe(1);
    expect(valueOf(samples, 'xfilter_http_responses_total', { status_class: '5xx' })).toBe(1);
  });

  it("counts the members of the robot's batches as they are stored, and none of a duplicate batch", async () => {
    const sketchers = (await reportUserGroups(ada)).find((group) => group.name === 'Urban Sketchers Meetup')!;
    expect((await ada('POST', '/groups/acquire', { payload: { id: sketchers.id } })).status).toBe(200);
    const jobId = await startJob(ada, sketchers.id, 'fetch_group_members');
    const send = (batchNo: number, members: unknown[]) =>
      ada('POST', '/robot/jobs/{job_id}/members', { url: `/robot/jobs/${jobId}/members`, payload: { batch_no: batchNo, members } });
    const ingested = async () => valueOf((await scrape()).samples, 'xfilter_members_ingested_total')!;

    const before = await ingested();
    expect((await send(0, [person(1), person(2), person(3)])).body.accepted).toBe(3);
    expect(await ingested()).toBe(before + 3);
    expect((await send(0, [person(1), person(2), person(3)])).body.duplicate).toBe(true);
    expect((await send(1, [person(4)])).body.accepted).toBe(1);
    expect(await ingested()).toBe(before + 4);
  });

  it('counts the durable tasks in each status, whichever process queued them', async () => {
    const taskCount = async (status: string) => valueOf((await scrape()).samples, 'xfilter_tasks', { status })!;
    const pendingBefore = await taskCount('pending');
    const failedBefore = await taskCount('failed');
    const now = new Date();
    await enqueueTask(database.db, { kind: 'counted', groupId: null }, now);
    const failing = await enqueueTask(database.db, { kind: 'counted', groupId: null }, now);
    await database.db.update(tasks).set({ status: 'failed', error: 'it broke' }).where(sql`${tasks.id} = ${failing}`);
    expect(await taskCount('pending')).toBe(pendingBefore + 1);
    expect(await taskCount('failed')).toBe(failedBefore + 1);
  });

  it('shows the connections in use and the queries waiting for one', async () => {
    const connections = kind === 'pglite' ? 1 : 4;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const holders = Array.from({ length: connections }, () =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1`);
        await gate;
      }),
    );
    // A query runs when it is awaited: Promise.resolve sets both going.
    const waiting = [Promise.resolve(database.db.execute(sql`SELECT 2`)), Promise.resolve(database.db.execute(sql`SELECT 3`))];
    let scraped: Promise<{ body: string }> | undefined;
    try {
      await expect.poll(() => database.poolStats()).toEqual({ total: connections, idle: 0, waiting: 2 });
      scraped = Promise.resolve(app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) }));
      // The scrape's own query joins the queue once the scrape has read the figures.
      await expect.poll(() => database.poolStats().waiting).toBe(3);
    } finally {
      release();
      await Promise.all([...holders, ...waiting]);
    }
    const { samples } = parseExposition((await scraped!).body);
    expect(valueOf(samples, 'xfilter_db_pool_connections', { driver: kind })).toBe(connections);
    expect(valueOf(samples, 'xfilter_db_pool_idle_connections', { driver: kind })).toBe(0);
    expect(valueOf(samples, 'xfilter_db_pool_waiting', { driver: kind })).toBe(2);
    await expect.poll(() => database.poolStats()).toMatchObject({ idle: connections, waiting: 0 });
  });

  it('answers 401 in the error shape without the bearer token of METRICS_TOKEN', async () => {
    for (const headers of [{}, bearer('metrics-token-for-the-tests-012345678'), bearer(adaToken), { authorization: TOKEN }]) {
      const response = await app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
      expect(response.body).not.toContain('xfilter_');
    }
  });

  it('serves the same figures on the loopback listener, without a token, and nothing else there', async () => {
    expect(new URL(listener.url).hostname).toBe('127.0.0.1');
    const response = await fetch(listener.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const { samples } = parseExposition(await response.text());
    expect(valueOf(samples, 'xfilter_http_request_duration_seconds_count', { operation: 'listGroups' })).toBeGreaterThanOrEqual(2);

    for (const [method, path] of [['GET', '/api/v1/status'], ['POST', '/metrics'], ['GET', '/']] as const) {
      const other = await fetch(new URL(path, listener.url), { method });
      expect(other.status, `${method} ${path}`).toBe(404);
      expect((await other.json()).error.code).toBe('not_found');
    }
  });
});

describe('/metrics on the public port without METRICS_TOKEN', () => {
  let server: TestServer;
  const appDir = mkdtempSync(join(tmpdir(), 'xfilter-metrics-app-'));
  writeFileSync(join(appDir, 'index.html'), '<!doctype html><title>xFilter</title>');

  beforeAll(async () => {
    // The app is served too, so an unknown page address would answer its index.html.
    server = await createTestServer('pglite', { appDir });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(appDir, { recursive: true, force: true });
  });

  it('answers 404 in the error shape, whatever the token', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/members' })).statusCode).toBe(200);
    for (const headers of [{}, bearer(TOKEN)]) {
      const response = await server.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    }
  });
});

describe('METRICS_PORT and METRICS_TOKEN in the configuration', () => {
  it('leaves the metrics off unless told', () => {
    expect(loadConfig({})).toMatchObject({ metricsPort: undefined, metricsToken: undefined });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: TOKEN })).toMatchObject({ metricsPort: 9464, metricsToken: TOKEN });
  });

  it('refuses a port that is no port, or the public one', () => {
    expect(() => loadConfig({ METRICS_PORT: '0' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ PORT: '9000', METRICS_PORT: '9000' })).toThrow(/METRICS_PORT must differ from PORT/);
  });

  it('refuses a token short enough to guess', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16/);
  });
});
