import { execSync, spawnSync } from 'node:child_process';
import { CHROMIUM_INSTALL_COMMAND, findChromium } from '../tests/support/chromium';

/** The stories and e2e projects drive Chromium: find it, install it where we may, or say exactly what to run. */
function ensureChromium(): void {
  if (findChromium()) return;
  const canInstall = process.getuid?.() === 0 && spawnSync('which', ['apt-get']).status === 0;
  if (!canInstall) {
    console.error(`Chromium is needed for the browser tests and was not found (CHROME_PATH or /usr/bin/chromium).
Install it with:  sudo sh -c '${CHROMIUM_INSTALL_COMMAND}'
or point CHROME_PATH at a Chromium binary, then run npm test again.`);
    process.exit(1);
  }
  console.log(`Chromium not found; installing it: ${CHROMIUM_INSTALL_COMMAND}`);
  execSync(CHROMIUM_INSTALL_COMMAND, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

ensureChromium();
const args = process.argv.slice(2);
const vitest = new URL('../node_modules/vitest/vitest.mjs', import.meta.url).pathname;
const run = spawnSync(process.execPath, [vitest, 'run', ...args], { stdio: 'inherit' });
// The whole suite also holds every route to its download budget (npm run size).
const sizes = args.length === 0 ? spawnSync('npm', ['run', 'size'], { stdio: 'inherit' }) : undefined;
process.exit(run.status === 0 && (sizes === undefined || sizes.status === 0) ? 0 : 1);
