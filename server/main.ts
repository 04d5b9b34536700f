import type { FastifyInstance } from 'fastify';
import { buildServer } from './app';
import { loadConfig, type ServerConfig } from './config';
import { connectDatabase } from './db/connect';
import { seedSandboxWorld } from './sandbox/seed';

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  stop(): Promise<void>;
}

/** Connects the database (migrating it), creates the sandbox world on first start, and listens. */
export async function startServer(config: ServerConfig = loadConfig()): Promise<RunningServer> {
  const database = await connectDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  if (config.mode === 'sandbox') {
    const started = Date.now();
    const { created } = await seedSandboxWorld(database.db, { seed: config.sandboxSeed, scale: config.sandboxScale });
    if (created) console.log(`Created the sandbox world in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const app = await buildServer(config, { database });
  const address = await app.listen({ port: config.port, host: config.host });
  const url = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= app.close().then(() => database.close());
    return stopping;
  };
  return { app, url, stop };
}

/** Starts the server and stops it cleanly on Ctrl-C or SIGTERM. */
export async function serveUntilStopped(config?: ServerConfig): Promise<void> {
  const server = await startServer(config);
  console.log(`xFilter is running at ${server.url} (API at ${server.url}/api/v1)`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void server.stop().then(() => process.exit(0)));
  }
}
