import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder holding the sandbox world, made once per run by the global setup: copied, never served. */
    worldTemplate: string;
  }
}

/**
 * A data folder of its own holding the sandbox world as a first start creates it: a copy of the
 * run's template, so a file's server starts on a full world without seeding it again.
 */
export function copyOfWorld(folderPrefix: string): string {
  const dataDir = mkdtempSync(join(tmpdir(), `xfilter-e2e-${folderPrefix}-`));
  cpSync(inject('worldTemplate'), dataDir, { recursive: true });
  return dataDir;
}
