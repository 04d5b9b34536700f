import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import * as relations from './relations';
import * as tables from './schema';

export const appSchema = { ...tables, ...relations };
export type AppSchema = typeof appSchema;

/** What `db.execute` resolves to on both drivers: PGlite and node-postgres both return `rows`. */
export interface AppQueryResultHKT extends PgQueryResultHKT {
  readonly type: QueryRows<this['row']>;
}

export interface QueryRows<TRow> {
  rows: TRow[];
}

/** The database handle the server uses, whichever driver is underneath. A transaction is one too. */
export type AppDb = PgDatabase<AppQueryResultHKT, AppSchema>;
export type AppTransaction = PgTransaction<AppQueryResultHKT, AppSchema, ExtractTablesWithRelations<AppSchema>>;

export type DatabaseKind = 'pglite' | 'postgres';

/** The database's connections as /metrics shows them. */
export interface PoolStats {
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

export interface Database {
  db: AppDb;
  kind: DatabaseKind;
  poolStats(): PoolStats;
  close(): Promise<void>;
}
