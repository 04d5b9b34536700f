import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

const ROOT = new URL('../../../', import.meta.url).pathname;

export interface ProductServer {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
  /** Kills the server at once, as a crash would: nothing it was doing is finished or cleaned up. */
  crash: () => Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function waitForStatus(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/v1/status`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer within 150 s:\n${output()}`);
}

/**
 * npm exits before the server it started has closed its database: the data folder is the
 * server's until every process of the group has ended.
 */
async function groupGone(groupId: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      process.kill(-groupId, 0);
    } catch {
      return;
    }
    if (Date.now() > deadline) throw new Error(`the server's processes (group ${groupId}) were still running 30 s after it was stopped`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface ProductServerOptions {
  /** A PostgreSQL database to serve instead of the data folder's embedded one. */
  databaseUrl?: string;
  /** More of the environment (METRICS_TOKEN, say). */
  env?: Record<string, string>;
}

/** Starts the product exactly as `npm start` does, on its own port and data folder (or the PostgreSQL database given). */
export async function startProductServer(dataDir: string, options: ProductServerOptions = {}): Promise<ProductServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...options.env };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn('npm', ['start'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let log = '';
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const output = () => log;
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stopping: Promise<void> | undefined;
  // Idempotent: a test may stop the server to read its files, and the suite stops it again at the end.
  const end = (signal: NodeJS.Signals) => {
    stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, signal);
      await exited;
      await groupGone(child.pid!);
    })();
    return stopping;
  };
  const stop = () => end('SIGTERM');
  const crash = () => end('SIGKILL');
  try {
    await waitForStatus(url, child, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, output, stop, crash };
}
