import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureAppBuilt } from '../../../scripts/app-build';
import { startProductServer } from './product-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** One production build and one server, started as `npm start` does, on a throw-away data folder. */
export default async function setup(project: TestProject) {
  ensureAppBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'xfilter-e2e-'));
  const server = await startProductServer(dataDir);
  project.provide('baseUrl', server.url);
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
