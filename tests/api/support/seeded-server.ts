import type { ServerDeps } from '../../../server/app';
import type { DatabaseKind } from '../../../server/db/connect';
import { seedSandboxWorld } from '../../../server/sandbox/seed';
import { createTestServer, type TestServer } from './test-server';

/** The small sandbox world the api tests use: seeded into the database and served by the sandbox network alike. */
export const TEST_WORLD_SCALE = 0.02;

/** A test server on a database seeded with the sandbox world its network serves (same seed, same scale). */
export async function createSeededServer(kind: DatabaseKind, deps: Omit<ServerDeps, 'database'> = {}): Promise<TestServer> {
  const server = await createTestServer(kind, { sandboxScale: TEST_WORLD_SCALE }, deps);
  await seedSandboxWorld(server.db, { seed: server.config.sandboxSeed, scale: server.config.sandboxScale });
  return server;
}
