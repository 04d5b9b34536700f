import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureAppBuilt } from '../../../scripts/app-build';
import { startProductServer } from './product-server';
import './world-template';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** What the first start, on an empty data folder, printed: the one that created the world template. */
    worldCreatorOutput: string;
  }
}

/**
 * One production build; the sandbox world created once, by a first start as `npm start` does, and
 * kept as the template every file's own server copies (support/world-template.ts); and one shared
 * server on a copy of it.
 */
export default async function setup(project: TestProject) {
  ensureAppBuilt();
  const worldTemplate = mkdtempSync(join(tmpdir(), 'xfilter-e2e-world-'));
  const creator = await startProductServer(worldTemplate);
  await creator.stop();
  project.provide('worldCreatorOutput', creator.output());
  const dataDir = mkdtempSync(join(tmpdir(), 'xfilter-e2e-'));
  cpSync(worldTemplate, dataDir, { recursive: true });
  const server = await startProductServer(dataDir);
  project.provide('baseUrl', server.url);
  project.provide('worldTemplate', worldTemplate);
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(worldTemplate, { recursive: true, force: true });
  };
}
