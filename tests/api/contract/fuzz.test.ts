import { afterAll, describe, expect, it } from 'vitest';
import { listOperations, loadContract } from '../../../server/http/contract';
import { httpOnlyDatabase } from '../../support/database';
import { fuzzContract } from '../support/fuzz-run';
import { createTestServer, type TestServer } from '../support/test-server';

/** A fixed seed, so every run sends the same requests; `npm run fuzz` sends many more with a new seed each time. */
const SEED = 20261124;
const RUNS_PER_OPERATION = 100;
const operations = listOperations(loadContract());

describe.each(httpOnlyDatabase())('requests generated from the contract on %s', (kind) => {
  let server: TestServer;
  afterAll(async () => server?.close());

  it('get no 5xx and no answer off the contract', { timeout: 600_000 }, async () => {
    server = await createTestServer(kind);
    const outcome = await fuzzContract(server.app, server.db, { seed: SEED, runsPerOperation: RUNS_PER_OPERATION });
    expect(outcome.failures).toEqual([]);
    expect(outcome.requests).toBe(RUNS_PER_OPERATION * operations.length);
    // Well-formed requests are part of the mix, so the handlers are fuzzed and not only validation.
    const successes = Object.entries(outcome.byStatus).filter(([status]) => status.startsWith('2'));
    expect(successes.reduce((sum, [, count]) => sum + count, 0)).toBeGreaterThan(operations.length);
  });
});
