import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { appSchema, type AppDb, type Database, type PoolStats } from './app-db';
import { migratePgliteDatabase, migratePostgresDatabase } from './migrate';

export type { AppDb, AppTransaction, Database, DatabaseKind, PoolStats } from './app-db';

export interface ConnectOptions {
  /** Folder of the embedded database; in memory when absent. */
  dataDir?: string;
  /** An embedded database to start from: a data folder dumped with PGlite's `dumpDataDir`. */
  loadDataDir?: Blob;
  /** A PostgreSQL server; takes precedence over dataDir. */
  databaseUrl?: string;
  /** Connections in the pool (PostgreSQL only). */
  poolSize?: number;
  /** Told when PostgreSQL closes an idle connection (a restart, an administrator); the pool opens a new one when needed. */
  onIdleConnectionError?: (error: Error) => void;
}

function warnIdleConnectionLost(error: Error) {
  console.warn(`PostgreSQL closed an idle connection: ${error.message}`);
}

/** Opens the database and brings its schema up to date before handing it out. */
export async function connectDatabase(options: ConnectOptions): Promise<Database> {
  return options.databaseUrl
    ? connectPostgres(options.databaseUrl, options.poolSize, options.onIdleConnectionError ?? warnIdleConnectionLost)
    : connectPglite(options.dataDir, options.loadDataDir);
}

/**
 * PGlite's one connection runs one query or transaction at a time and queues the rest; this counts
 * those started and not yet settled, so the one running and those waiting behind it show.
 */
function countPglitePending(client: PGlite): () => PoolStats {
  let pending = 0;
  for (const method of ['query', 'exec', 'transaction'] as const) {
    const run = client[method].bind(client) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(client, {
      [method]: async (...args: unknown[]) => {
        pending += 1;
        try {
          return await run(...args);
        } finally {
          pending -= 1;
        }
      },
    });
  }
  return () => ({ total: 1, idle: pending === 0 ? 1 : 0, waiting: Math.max(0, pending - 1) });
}

async function connectPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Database> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, loadDataDir, extensions: { pg_trgm } });
  try {
    await migratePgliteDatabase(client);
  } catch (error) {
    await client.close();
    throw error;
  }
  const poolStats = countPglitePending(client);
  const db = drizzlePglite({ client, schema: appSchema }) as unknown as AppDb;
  return { db, kind: 'pglite', poolStats, close: () => client.close() };
}

async function connectPostgres(databaseUrl: string, poolSize = 10, onIdleConnectionError: (error: Error) => void): Promise<Database> {
  await migratePostgresDatabase(databaseUrl);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  pool.on('error', onIdleConnectionError);
  const db = drizzleNodePg({ client: pool, schema: appSchema }) as unknown as AppDb;
  const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  return { db, kind: 'postgres', poolStats, close: () => pool.end() };
}
