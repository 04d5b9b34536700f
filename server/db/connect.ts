import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { appSchema, type AppDb, type Database } from './app-db';
import { migratePgliteDatabase, migratePostgresDatabase } from './migrate';

export type { AppDb, AppTransaction, Database, DatabaseKind } from './app-db';

export interface ConnectOptions {
  /** Folder of the embedded database; in memory when absent. */
  dataDir?: string;
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
    : connectPglite(options.dataDir);
}

async function connectPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  try {
    await migratePgliteDatabase(client);
  } catch (error) {
    await client.close();
    throw error;
  }
  const db = drizzlePglite({ client, schema: appSchema }) as unknown as AppDb;
  return { db, kind: 'pglite', close: () => client.close() };
}

async function connectPostgres(databaseUrl: string, poolSize = 10, onIdleConnectionError: (error: Error) => void): Promise<Database> {
  await migratePostgresDatabase(databaseUrl);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  pool.on('error', onIdleConnectionError);
  const db = drizzleNodePg({ client: pool, schema: appSchema }) as unknown as AppDb;
  return { db, kind: 'postgres', close: () => pool.end() };
}
