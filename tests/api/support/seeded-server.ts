import type { DatabaseKind } from '../../../server/db/connect';
import { TEST_WORLD_SCALE } from '../../support/database';
import { createTestServer, type TestServer, type TestServerDeps } from './test-server';

export { TEST_WORLD_SCALE };

/** A test server on a database holding the small sandbox world its network serves (same seed, same scale). */
export function createSeededServer(kind: DatabaseKind, deps: TestServerDeps = {}): Promise<TestServer> {
  return createTestServer(kind, { sandboxScale: TEST_WORLD_SCALE }, deps, 'seeded');
}
