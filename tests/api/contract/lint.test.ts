import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../../', import.meta.url).pathname;

describe('openapi/openapi.yaml', () => {
  it("lints clean with Redocly's recommended rules: no errors, no warnings", () => {
    const lint = spawnSync(join(ROOT, 'node_modules/.bin/redocly'), ['lint', 'openapi/openapi.yaml', '--format', 'json'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    const report = JSON.parse(lint.stdout);
    const problems = report.problems.map((problem: { severity: string; ruleId: string; message: string }) => `${problem.severity} ${problem.ruleId}: ${problem.message}`);
    expect(problems).toEqual([]);
    expect(lint.status).toBe(0);
  }, 120_000);
});
