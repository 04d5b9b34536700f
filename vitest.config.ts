import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { CHROMIUM_ARGS, findChromium } from './tests/support/chromium.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  test: {
    reporters: ['default', './tests/support/project-times.ts'],
    // Two files at a time in every project, all in one group: on two cores one worker left a core
    // idle while a file waited on a database or a browser (a third of the run).
    maxWorkers: 2,
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['tests/support/setup-dom.ts'],
          // Each file loads its modules afresh: shared between files (isolate: false) they failed a
          // different test about one run in three, whichever file had left its page behind.
          // Rules run on fake timers; this only bounds how long rendering may take on a busy machine.
          testTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'model',
          include: ['tests/model/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/support/setup-dom.ts'],
          // Rules run on fake timers; this only bounds how long rendering may take on a busy machine.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // Migrates, and seeds the small sandbox world, once per run; each file's database is a copy.
          globalSetup: ['tests/support/database-templates.ts'],
          // Each file builds its own server on its own database and the server keeps no state in its
          // modules, so the files of a worker share the modules they import instead of loading them again.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [react(), storybookTest({ configDir: `${root}.storybook` })],
        test: {
          name: 'stories',
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS } }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          // Each test also holds its pages to the Content-Security-Policy.
          setupFiles: ['tests/e2e/support/csp-guard.ts'],
          // The files on the shared server take it one at a time (support/shared-world.ts).
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
