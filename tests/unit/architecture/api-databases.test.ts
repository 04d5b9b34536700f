import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * README, "Which database a test runs on": a file whose rule is decided by SQL runs on every
 * database (`databaseKinds()`); a file whose rule is decided before or after the database runs
 * once (`httpOnlyDatabase()`, or a server made on PGlite by name). These are the latter, each with
 * why no statement decides what it checks; every other api file is the former.
 */
const ONCE_FOLDERS: Record<string, string> = {
  'tests/api/contract/': "the contract's validation and refusals answer before any statement runs",
  'tests/api/envelope/': 'sealing and opening bodies happens on the wire',
  'tests/api/http/': 'headers, compression, proxies, static pages and the adapters to upstream services',
};
const ONCE_FILES: Record<string, string> = {
  'tests/api/sandbox/network.test.ts': 'the sandbox network is computed from its seed in memory',
  'tests/api/sandbox-images.test.ts': 'the sandbox pictures are drawn in memory',
  'tests/api/authorization/rate-limits.test.ts': 'the per-user limits are counted in the process',
  'tests/api/authorization/switched-session.test.ts': "a switched session is refused from the request's header",
  'tests/api/session/access-log.test.ts': 'the access log is written by the HTTP layer',
  'tests/api/db/sandbox-progress.test.ts': 'the terminal lines of the seeding, on a fake clock',
};

const runsOnce = (file: string) => file in ONCE_FILES || Object.keys(ONCE_FOLDERS).some((folder) => file.startsWith(folder));

const apiFiles = readdirSync(join(root, 'tests/api'), { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
  .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
  .sort();

const runsOnEveryDatabase = (source: string) => /\bdatabaseKinds\(\)/.test(source);

describe('which database each api test file runs on', () => {
  it('finds the api files', () => {
    expect(apiFiles.length).toBeGreaterThan(90);
  });

  it.each(apiFiles.filter((file) => !runsOnce(file)))('%s checks a rule SQL decides, so it runs on every database', (file) => {
    const source = readFileSync(join(root, file), 'utf8');
    expect(runsOnEveryDatabase(source), `${file} does not run on databaseKinds()`).toBe(true);
    expect(source).not.toMatch(/\bhttpOnlyDatabase\(\)/);
  });

  it.each(apiFiles.filter(runsOnce))('%s checks what no statement decides, so it runs once', (file) => {
    expect(runsOnEveryDatabase(readFileSync(join(root, file), 'utf8')), `${file} runs on databaseKinds()`).toBe(false);
  });

  it('names only files and folders that exist', () => {
    for (const file of Object.keys(ONCE_FILES)) expect(apiFiles).toContain(file);
    for (const folder of Object.keys(ONCE_FOLDERS)) expect(apiFiles.some((file) => file.startsWith(folder)), folder).toBe(true);
  });
});
