import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { connectDatabase, type Database, type DatabaseKind } from '../../server/db/connect';
import { loadConfig } from '../../server/config';
import { seedSandboxWorld } from '../../server/sandbox/seed';

export type TestDatabase = Database & { name: string };

/**
 * For a file whose rule is decided by SQL (README, "Which database a test runs on"): PGlite always,
 * PostgreSQL too when DATABASE_URL names a server.
 */
export function databaseKinds(): DatabaseKind[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** For a file whose rule is decided before or after the database (the wire, the contract): it runs once, on PGlite. */
export function httpOnlyDatabase(): DatabaseKind[] {
  return ['pglite'];
}

/** The small sandbox world the api tests use: seeded into the database and served by the sandbox network alike. */
export const TEST_WORLD_SCALE = 0.02;

/** What a test database starts as: migrated and empty, or holding the small sandbox world too. */
export type TestDatabaseContents = 'migrated' | 'seeded';

/**
 * Where this run's templates are (tests/support/database-templates.ts makes them once per run):
 * PGlite data folders dumped to files, and PostgreSQL databases to copy with CREATE DATABASE … TEMPLATE.
 */
export interface DatabaseTemplates {
  pglite: Record<TestDatabaseContents, string>;
  postgres?: Record<TestDatabaseContents, string>;
}

export const TEMPLATES_VARIABLE = 'XFILTER_TEST_DATABASE_TEMPLATES';

function templates(): DatabaseTemplates | undefined {
  const value = process.env[TEMPLATES_VARIABLE];
  return value ? (JSON.parse(value) as DatabaseTemplates) : undefined;
}

const dumps = new Map<string, Promise<Blob>>();

/** A dumped PGlite data folder, read once per worker. */
function dumpAt(path: string): Promise<Blob> {
  let dump = dumps.get(path);
  if (!dump) {
    dump = readFile(path).then((bytes) => new Blob([new Uint8Array(bytes)]));
    dumps.set(path, dump);
  }
  return dump;
}

/** Seeds the small sandbox world, as the templates hold it. */
export async function seedTestWorld(database: Database): Promise<void> {
  await seedSandboxWorld(database.db, { seed: loadConfig({}).sandboxSeed, scale: TEST_WORLD_SCALE });
}

/**
 * A migrated database that nobody else uses (with the small sandbox world when `contents` is
 * 'seeded'); `close()` throws it away. Inside the test run it is a copy of the run's template;
 * elsewhere (benchmarks, the fuzzer) it is migrated, and seeded, on the spot.
 */
export async function createTestDatabase(kind: DatabaseKind, contents: TestDatabaseContents = 'migrated'): Promise<TestDatabase> {
  const template = templates();
  if (kind === 'pglite') {
    const path = template?.pglite[contents];
    const database = await connectDatabase({ loadDataDir: path ? await dumpAt(path) : undefined });
    if (!path && contents === 'seeded') await seedTestWorld(database);
    return { ...database, name: 'pglite:memory' };
  }
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL is not set: no PostgreSQL server to test against');
  const source = template?.postgres?.[contents];
  const name = `xfilter_test_${randomBytes(6).toString('hex')}`;
  await runOnServer(serverUrl, source ? `CREATE DATABASE ${name} TEMPLATE ${source}` : `CREATE DATABASE ${name}`);
  try {
    const database = await connectPostgresDatabase(serverUrl, name);
    if (!source && contents === 'seeded') await seedTestWorld(database);
    return {
      ...database,
      name,
      close: async () => {
        await database.close();
        await runOnServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  } catch (error) {
    await runOnServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    throw error;
  }
}

/** The named database on the server DATABASE_URL names, migrated (nothing to do for a template's copy). */
export function connectPostgresDatabase(serverUrl: string, name: string): Promise<Database> {
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${name}`;
  // Dropping the database WITH (FORCE) ends connections the pool is still closing; that is expected here.
  return connectDatabase({ databaseUrl: databaseUrl.toString(), poolSize: 4, onIdleConnectionError: () => {} });
}

/** One statement on the PostgreSQL server, outside any test's database (create or drop one). */
export async function runOnServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
