import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { appSchema, type AppDb, type Database } from '../../server/db/app-db';
import { migratePgliteDatabase } from '../../server/db/migrate';
import { connectPostgresDatabase, runOnServer, seedTestWorld, TEMPLATES_VARIABLE, type DatabaseTemplates } from './database';

/** PGlite: migrate once, dump the data folder; seed the small world, dump again. */
async function pgliteTemplates(folder: string): Promise<DatabaseTemplates['pglite']> {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  try {
    await migratePgliteDatabase(client);
    const migrated = join(folder, 'migrated.tar.gz');
    writeFileSync(migrated, Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer()));
    const db = drizzle({ client, schema: appSchema }) as unknown as AppDb;
    await seedTestWorld({ db } as Database);
    const seeded = join(folder, 'seeded.tar.gz');
    writeFileSync(seeded, Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer()));
    return { migrated, seeded };
  } finally {
    await client.close();
  }
}

/** PostgreSQL: a migrated database and a seeded copy of it, which test databases are created from. */
async function postgresTemplates(serverUrl: string): Promise<DatabaseTemplates['postgres']> {
  const suffix = randomBytes(6).toString('hex');
  const migrated = `xfilter_template_${suffix}`;
  const seeded = `xfilter_template_seeded_${suffix}`;
  await runOnServer(serverUrl, `CREATE DATABASE ${migrated}`);
  await (await connectPostgresDatabase(serverUrl, migrated)).close();
  await runOnServer(serverUrl, `CREATE DATABASE ${seeded} TEMPLATE ${migrated}`);
  const database = await connectPostgresDatabase(serverUrl, seeded);
  try {
    await seedTestWorld(database);
  } finally {
    await database.close();
  }
  return { migrated, seeded };
}

/**
 * The api project's global setup: the run migrates (and seeds the small world) once per database
 * kind, and every test database is a copy (tests/support/database.ts).
 */
export default async function setup() {
  const folder = mkdtempSync(join(tmpdir(), 'xfilter-templates-'));
  const serverUrl = process.env.DATABASE_URL;
  const [pglite, postgres] = await Promise.all([pgliteTemplates(folder), serverUrl ? postgresTemplates(serverUrl) : undefined]);
  const made: DatabaseTemplates = { pglite, postgres };
  process.env[TEMPLATES_VARIABLE] = JSON.stringify(made);
  return async () => {
    delete process.env[TEMPLATES_VARIABLE];
    rmSync(folder, { recursive: true, force: true });
    if (serverUrl && postgres) {
      for (const name of [postgres.seeded, postgres.migrated]) await runOnServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  };
}
