import type { FastifyInstance } from 'fastify';
import type { PaymentsAdapter } from '../../../server/adapters/payments';
import { buildServer, type ServerDeps } from '../../../server/app';
import { loadConfig, type ServerConfig } from '../../../server/config';
import type { AppDb, DatabaseKind } from '../../../server/db/connect';
import { createTestDatabase, type TestDatabase, type TestDatabaseContents } from '../../support/database';

export interface TestServer {
  app: FastifyInstance;
  db: AppDb;
  database: TestDatabase;
  config: ServerConfig;
  close(): Promise<void>;
}

export type TestServerDeps = Omit<ServerDeps, 'database' | 'payments'> & {
  /** The payment provider, or how to make it on the test's database (the sandbox provider keeps its records there). */
  payments?: PaymentsAdapter | ((db: AppDb) => PaymentsAdapter);
};

/** The whole server in-process on a fresh database of the given kind, in sandbox mode, serving the API only. */
export async function createTestServer(
  kind: DatabaseKind,
  overrides: Partial<ServerConfig> = {},
  deps: TestServerDeps = {},
  contents: TestDatabaseContents = 'migrated',
): Promise<TestServer> {
  const database = await createTestDatabase(kind, contents);
  const config: ServerConfig = { ...loadConfig({}), appDir: undefined, logLevel: 'silent', ...overrides };
  const payments = typeof deps.payments === 'function' ? deps.payments(database.db) : deps.payments;
  const app = await buildServer(config, { ...deps, payments, database });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
