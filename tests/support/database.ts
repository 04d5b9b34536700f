import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connectDatabase, type Database, type DatabaseKind } from '../../server/db/connect';

export type TestDatabase = Database & { name: string };

/** PGlite always; PostgreSQL too when DATABASE_URL names a server. */
export function databaseKinds(): DatabaseKind[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** A fresh, migrated database that nobody else uses; `close()` throws it away. */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await connectDatabase({});
    return { ...database, name: 'pglite:memory' };
  }
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL is not set: no PostgreSQL server to test against');
  const name = `xfilter_test_${randomBytes(6).toString('hex')}`;
  await runOnServer(serverUrl, `CREATE DATABASE ${name}`);
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${name}`;
  try {
    // Dropping the database WITH (FORCE) ends connections the pool is still closing; that is expected here.
    const database = await connectDatabase({ databaseUrl: databaseUrl.toString(), poolSize: 4, onIdleConnectionError: () => {} });
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
