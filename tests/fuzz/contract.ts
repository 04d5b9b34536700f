import { randomInt } from 'node:crypto';
import { listOperations, loadContract } from '../../server/http/contract';
import { databaseKinds } from '../support/database';
import { fuzzContract, type FuzzOutcome } from '../api/support/fuzz-run';
import { createTestServer } from '../api/support/test-server';

/**
 * `npm run fuzz`: requests generated from the contract's schemas against the whole server, on
 * PGlite and, when DATABASE_URL is set, on PostgreSQL. FUZZ_SEED repeats a run; FUZZ_RUNS is the
 * least number of requests in all (10,000 by default), spread evenly over the operations.
 */
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : randomInt(2 ** 31);
const runs = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : 10_000;
if (!Number.isInteger(seed) || !Number.isInteger(runs) || runs < 1) throw new Error('FUZZ_SEED and FUZZ_RUNS must be whole numbers');
const operations = listOperations(loadContract());
const runsPerOperation = Math.ceil(runs / operations.length);

function summary(outcome: FuzzOutcome): string {
  const statuses = Object.entries(outcome.byStatus)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
  const serverErrors = Object.entries(outcome.byStatus)
    .filter(([status]) => Number(status) >= 500 && Number(status) !== 501)
    .reduce((sum, [, count]) => sum + count, 0);
  return `${outcome.requests} requests; by status ${statuses}; ${serverErrors} answers 5xx (501 not built yet aside), ${outcome.failures.length} off the contract or 5xx`;
}

console.log(`seed ${seed} (FUZZ_SEED=${seed} repeats this run); ${runsPerOperation} requests for each of ${operations.length} operations`);
let failed = false;
for (const kind of databaseKinds()) {
  const server = await createTestServer(kind, { logLevel: 'silent' });
  const started = Date.now();
  try {
    const outcome = await fuzzContract(server.app, server.db, {
      seed,
      runsPerOperation,
      onOperation: (_operation, done, total) => {
        if (done % 20 === 0 || done === total) process.stderr.write(`${kind}: ${done}/${total} operations\n`);
      },
    });
    console.log(`${kind}: ${summary(outcome)} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    for (const failure of outcome.failures) console.log(failure);
    failed ||= outcome.failures.length > 0;
  } finally {
    await server.close();
  }
}
process.exitCode = failed ? 1 : 0;
