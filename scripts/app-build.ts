import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;
const SOURCES = ['src', 'machines', 'public', 'index.html', 'vite.config.ts', 'package.json', 'openapi/openapi.yaml'];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stat.mtimeMs);
}

/** Builds the app into dist/ unless the last build is newer than every source it came from. */
export function ensureAppBuilt(): void {
  const builtAt = newestChange(join(ROOT, 'dist', 'index.html'));
  const changedAt = Math.max(...SOURCES.map((source) => newestChange(join(ROOT, source))));
  if (builtAt > changedAt) return;
  console.log('Building the app…');
  // A production build whoever asks: the test runner's NODE_ENV=test would otherwise give React's development build.
  execFileSync(process.execPath, [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
