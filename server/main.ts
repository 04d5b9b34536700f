import type { FastifyInstance } from 'fastify';
import { buildServer } from './app';
import { loadConfig, type ServerConfig } from './config';
import { connectDatabase } from './db/connect';
import { createServerMetrics, listenForMetrics } from './http/metrics';
import { seedSandboxWorld, type SeedProgress } from './sandbox/seed';

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  /** Where the metrics listener answers (METRICS_PORT), if it runs. */
  metricsUrl?: string;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Settles when the app's files are ready to serve (a build running meanwhile). */
  appReady?: Promise<void>;
}

/** A line at most every second while the world's rows go in: "Creating the sandbox world: members 12,000/25,641". */
export function sandboxProgressLines(): SeedProgress {
  const numbers = new Intl.NumberFormat('en-US');
  let toldAt: number | undefined;
  return (table, inserted, total) => {
    const now = Date.now();
    if (toldAt === undefined) {
      console.log('Creating the sandbox world…');
    } else if (now - toldAt >= 1_000) {
      console.log(`Creating the sandbox world: ${table} ${numbers.format(inserted)}/${numbers.format(total)}`);
    } else {
      return;
    }
    toldAt = now;
  };
}

/** Connects the database (migrating it), creates the sandbox world on first start, and listens. */
export async function startServer(config: ServerConfig = loadConfig(), options: StartOptions = {}): Promise<RunningServer> {
  const database = await connectDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  if (config.mode === 'sandbox') {
    const started = Date.now();
    const { created } = await seedSandboxWorld(database.db, {
      seed: config.sandboxSeed,
      scale: config.sandboxScale,
      onProgress: sandboxProgressLines(),
    });
    if (created) console.log(`Created the sandbox world in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  await options.appReady;
  const metrics = createServerMetrics(database);
  const app = await buildServer(config, { database, taskWorker: true, metrics });
  const metricsListener =
    config.metricsPort === undefined ? undefined : await listenForMetrics(metrics, config.metricsPort, (error) => app.log.error({ err: error }, 'the metrics could not be read'));
  const address = await app.listen({ port: config.port, host: config.host }).catch(async (error: unknown) => {
    await metricsListener?.close();
    throw error;
  });
  const url = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= Promise.all([app.close(), metricsListener?.close()]).then(() => database.close());
    return stopping;
  };
  return { app, url, metricsUrl: metricsListener?.url, stop };
}

/** Starts the server and stops it cleanly on Ctrl-C or SIGTERM. */
export async function serveUntilStopped(config?: ServerConfig, options?: StartOptions): Promise<void> {
  const server = await startServer(config, options);
  console.log(`xFilter is running at ${server.url} (API at ${server.url}/api/v1)`);
  if (server.metricsUrl) console.log(`Metrics at ${server.metricsUrl}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void server.stop().then(() => process.exit(0)));
  }
}
