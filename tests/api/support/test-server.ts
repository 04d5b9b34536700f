import type { FastifyInstance } from 'fastify';
import { buildServer, type ServerDeps } from '../../../server/app';
import { loadConfig, type ServerConfig } from '../../../server/config';
import type { AppDb, DatabaseKind } from '../../../server/db/connect';
import { createTestDatabase, type TestDatabase } from '../../support/database';

export interface TestServer {
  app: FastifyInstance;
  db: AppDb;
  database: TestDatabase;
  config: ServerConfig;
  close(): Promise<void>;
}

/** The whole server in-process on a fresh database of the given kind, in sandbox mode, serving the API only. */
export async function createTestServer(
  kind: DatabaseKind,
  overrides: Partial<ServerConfig> = {},
  deps: Omit<ServerDeps, 'database'> = {},
): Promise<TestServer> {
  const database = await createTestDatabase(kind);
  const config: ServerConfig = { ...loadConfig({}), appDir: undefined, logLevel: 'silent', ...overrides };
  const app = await buildServer(config, { ...deps, database });
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
