import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/connect';
import { TASK_STATUSES } from '../db/enums';
import { countTasksByStatus } from '../tasks/runner';
import { ApiError, notFound } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's operation a route serves; the request histograms are kept by it. */
    operationId?: string;
  }
}

export const METRICS_PATH = '/metrics';

/** The upper bounds of the request histograms' buckets, in seconds (Prometheus' defaults). */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

/** The Prometheus text exposition format, version 0.0.4. */
const CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

interface Histogram {
  /** Observations at or below each bound of LATENCY_BUCKETS, not yet summed up. */
  counts: number[];
  sum: number;
  count: number;
}

/**
 * What one server process tells its operators, in Prometheus' text format: request latency per
 * contract operation, responses by status class, the database's connections, the durable tasks by
 * status and the members the robot has stored. Counters and histograms are this process's since it
 * started (a scraper sums them over processes); the task counts are read from the database, so
 * every process answers the same figures for them.
 */
export interface ServerMetrics {
  /** A response sent: of an operation of the contract, or of none (a page, a file, an unknown address). */
  observeResponse(operationId: string | undefined, statusCode: number, seconds: number): void;
  /** Members of a robot's batch stored (a batch answered as a duplicate stored none). */
  countMembersIngested(count: number): void;
  /** Every metric in the text exposition format. */
  render(): Promise<string>;
}

const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;

/** A label value escaped as the text format asks: backslash, double quote and line feed. */
function labelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

function header(lines: string[], name: string, type: 'counter' | 'gauge' | 'histogram', help: string): void {
  lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
}

export function createServerMetrics(database: Database): ServerMetrics {
  const histograms = new Map<string, Histogram>();
  const byStatusClass = new Map<string, number>(STATUS_CLASSES.map((statusClass) => [statusClass, 0]));
  let membersIngested = 0;

  function renderHistograms(lines: string[]): void {
    const name = 'xfilter_http_request_duration_seconds';
    header(lines, name, 'histogram', 'Time from a request to its response, by the operationId of the API contract.');
    for (const [operation, histogram] of [...histograms].sort(([a], [b]) => a.localeCompare(b))) {
      const label = `operation="${labelValue(operation)}"`;
      let cumulative = 0;
      LATENCY_BUCKETS.forEach((bound, index) => {
        cumulative += histogram.counts[index]!;
        lines.push(`${name}_bucket{${label},le="${bound}"} ${cumulative}`);
      });
      lines.push(`${name}_bucket{${label},le="+Inf"} ${histogram.count}`, `${name}_sum{${label}} ${histogram.sum}`, `${name}_count{${label}} ${histogram.count}`);
    }
  }

  return {
    observeResponse(operationId, statusCode, seconds) {
      const statusClass = `${Math.floor(statusCode / 100)}xx`;
      byStatusClass.set(statusClass, (byStatusClass.get(statusClass) ?? 0) + 1);
      if (operationId === undefined) return;
      let histogram = histograms.get(operationId);
      if (!histogram) {
        histogram = { counts: LATENCY_BUCKETS.map(() => 0), sum: 0, count: 0 };
        histograms.set(operationId, histogram);
      }
      const bucket = LATENCY_BUCKETS.findIndex((bound) => seconds <= bound);
      if (bucket >= 0) histogram.counts[bucket]! += 1;
      histogram.sum += seconds;
      histogram.count += 1;
    },

    countMembersIngested(count) {
      membersIngested += count;
    },

    async render() {
      // The connections as they stood when the scrape came, before its own query takes one.
      const pool = database.poolStats();
      const tasks = await countTasksByStatus(database.db);
      const lines: string[] = [];
      renderHistograms(lines);

      header(lines, 'xfilter_http_responses_total', 'counter', 'Responses sent by this process, by status class.');
      for (const [statusClass, count] of byStatusClass) lines.push(`xfilter_http_responses_total{status_class="${statusClass}"} ${count}`);

      const driver = `driver="${database.kind}"`;
      header(lines, 'xfilter_db_pool_connections', 'gauge', "The database connections this process holds (PGlite: its one connection).");
      lines.push(`xfilter_db_pool_connections{${driver}} ${pool.total}`);
      header(lines, 'xfilter_db_pool_idle_connections', 'gauge', 'Connections no query is using.');
      lines.push(`xfilter_db_pool_idle_connections{${driver}} ${pool.idle}`);
      header(lines, 'xfilter_db_pool_waiting', 'gauge', 'Queries waiting for a connection (PGlite: queued behind the one running).');
      lines.push(`xfilter_db_pool_waiting{${driver}} ${pool.waiting}`);

      header(lines, 'xfilter_tasks', 'gauge', 'Durable background tasks by status (pending ones are queued), across every process.');
      for (const status of TASK_STATUSES) lines.push(`xfilter_tasks{status="${status}"} ${tasks[status]}`);

      header(lines, 'xfilter_members_ingested_total', 'counter', "Members of the robot's member batches stored by this process.");
      lines.push(`xfilter_members_ingested_total ${membersIngested}`);

      header(lines, 'process_resident_memory_bytes', 'gauge', 'Resident memory of this process.');
      lines.push(`process_resident_memory_bytes ${process.memoryUsage.rss()}`);
      header(lines, 'process_start_time_seconds', 'gauge', 'When this process started, in seconds since the Unix epoch.');
      lines.push(`process_start_time_seconds ${Math.round(Date.now() / 1000 - process.uptime())}`);
      return `${lines.join('\n')}\n`;
    },
  };
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request's bearer token is the metrics token, compared in constant time. */
function holdsToken(request: FastifyRequest, token: string): boolean {
  const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

/**
 * GET /metrics on the public port, outside the API and its contract. Without a token configured it
 * answers 404 like an unknown address; with one, a request without that bearer token gets 401.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: ServerMetrics, token: string | undefined): void {
  app.get(METRICS_PATH, async (request: FastifyRequest, reply: FastifyReply) => {
    if (token === undefined) throw notFound(`No route for GET ${METRICS_PATH}`);
    if (!holdsToken(request, token)) throw new ApiError('unauthorized', 'The metrics need the bearer token of METRICS_TOKEN');
    return reply.header('cache-control', 'no-store').type(CONTENT_TYPE).send(await metrics.render());
  });
}

/** Counts every response in the metrics: by status class, and by operation in its histogram. */
export function observeResponses(app: FastifyInstance, metrics: ServerMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeResponse(request.routeOptions.config.operationId, reply.statusCode, reply.elapsedTime / 1000);
  });
}

/**
 * A second listener that serves only GET /metrics, with no token, on the loopback address: for a
 * scraper on the same machine, never reachable from outside it.
 */
export async function listenForMetrics(metrics: ServerMetrics, port: number, onError: (error: unknown) => void): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== METRICS_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify(notFound(`No route for ${request.method} ${path}`).toBody()));
      return;
    }
    metrics.render().then(
      (text) => response.writeHead(200, { 'content-type': CONTENT_TYPE, 'cache-control': 'no-store' }).end(request.method === 'HEAD' ? undefined : text),
      (error: unknown) => {
        onError(error);
        const failure = new ApiError('internal', 'The metrics could not be read');
        response.writeHead(failure.statusCode, { 'content-type': 'application/json' }).end(JSON.stringify(failure.toBody()));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port: bound } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${bound}${METRICS_PATH}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
