import { existsSync } from 'node:fs';

export const CHROMIUM_INSTALL_COMMAND = 'apt-get update && apt-get install -y chromium';

/** Flags every headless Chromium here needs: no sandbox as root, and no calls home on a closed network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The Chromium binary to drive: CHROME_PATH when set, else Debian's /usr/bin/chromium; undefined when neither exists. */
export function findChromium(): string | undefined {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium'].filter((path): path is string => Boolean(path));
  return candidates.find((path) => existsSync(path));
}
