/**
 * Mutation testing of the statecharts (npm run mutation): each mutant of machines/ is run against
 * the unit and model tests that cover it; scripts/mutation-score.ts prints the score per folder.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  mutate: ['machines/**/*.ts'],
  ignoreStatic: true,
  // Vitest does not type-check, and the stories test compares generated files byte for byte.
  disableTypeChecks: false,
  concurrency: 2,
  timeoutMS: 20_000,
  dryRunTimeoutMinutes: 30,
  incremental: true,
  incrementalFile: 'reports/mutation/machines-incremental.json',
  reporters: ['clear-text', 'progress-append-only', 'json'],
  jsonReporter: { fileName: 'reports/mutation/machines.json' },
  clearTextReporter: { allowColor: false, logTests: false, reportMutants: false },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  thresholds: { high: 90, low: 80, break: null },
};
