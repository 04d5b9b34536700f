import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url).pathname;

describe('src/api/schema.d.ts', () => {
  it('is what `npm run gen:api` makes of the contract now (run it after changing openapi/openapi.yaml)', () => {
    const folder = mkdtempSync(join(tmpdir(), 'xfilter-schema-'));
    try {
      const fresh = join(folder, 'schema.d.ts');
      execFileSync(join(ROOT, 'node_modules/.bin/openapi-typescript'), ['openapi/openapi.yaml', '-o', fresh], { cwd: ROOT, stdio: 'pipe' });
      expect(readFileSync(join(ROOT, 'src/api/schema.d.ts'), 'utf8')).toBe(readFileSync(fresh, 'utf8'));
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});
