import machines from './stryker.config.mjs';

// Only the API tests reach the server's domain; the test runners inherit this.
process.env.MUTATION_PROJECTS = 'api';

/**
 * Mutation testing of the server's domain (npm run mutation:server) against the API tests, which
 * run the real server in process: much slower than the statecharts' run, so a separate command.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  ...machines,
  mutate: ['server/domain/**/*.ts'],
  concurrency: 1,
  timeoutMS: 60_000,
  dryRunTimeoutMinutes: 60,
  incrementalFile: 'reports/mutation/server-incremental.json',
  jsonReporter: { fileName: 'reports/mutation/server.json' },
};
