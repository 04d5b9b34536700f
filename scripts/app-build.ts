import { execFileSync, spawn } from 'node:child_process';
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

function isBuilt(): boolean {
  const builtAt = newestChange(join(ROOT, 'dist', 'index.html'));
  const changedAt = Math.max(...SOURCES.map((source) => newestChange(join(ROOT, source))));
  return builtAt > changedAt;
}

const VITE = [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'];
const BUILD_OPTIONS = {
  cwd: ROOT,
  stdio: 'inherit',
  // A production build whoever asks: the test runner's NODE_ENV=test would otherwise give React's development build.
  env: { ...process.env, NODE_ENV: 'production' },
} as const;

/** Builds the app into dist/ unless the last build is newer than every source it came from. */
export function ensureAppBuilt(): void {
  if (isBuilt()) return;
  console.log('Building the app…');
  execFileSync(process.execPath, VITE, BUILD_OPTIONS);
}

/** Like ensureAppBuilt, without waiting: the build runs in its own process while the caller goes on. */
export function ensureAppBuiltMeanwhile(): Promise<void> {
  if (isBuilt()) return Promise.resolve();
  console.log('Building the app…');
  return new Promise((resolve, reject) => {
    spawn(process.execPath, VITE, BUILD_OPTIONS)
      .on('error', reject)
      .on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`Building the app failed (exit code ${code})`))));
  });
}
