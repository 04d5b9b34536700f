import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';

/** How long a file waits for the shared server before it gives up: longer than the slowest file takes. */
const LONGEST_WAIT_MS = 600_000;

/** The lock of this run's shared server (its port names the run): a folder, which only one process can create. */
export function sharedWorldLock(baseUrl: string): string {
  return join(tmpdir(), `xfilter-e2e-shared-${new URL(baseUrl).port}.lock`);
}

async function acquire(lock: string): Promise<void> {
  const deadline = Date.now() + LONGEST_WAIT_MS;
  for (;;) {
    try {
      mkdirSync(lock);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (Date.now() > deadline) throw new Error(`the shared e2e server stayed taken for ${LONGEST_WAIT_MS / 1000} s (${lock})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The run's one shared server, holding the sandbox world, for a file that signs in to it. The files
 * on the shared server take it one at a time, so that when e2e files run side by side none sees
 * another's changes while it runs; files whose tests change what others count on run their own
 * server on a copy of the world (own-world.ts).
 */
export function sharedWorld(): string {
  const baseUrl = inject('baseUrl');
  const lock = sharedWorldLock(baseUrl);
  beforeAll(() => acquire(lock), LONGEST_WAIT_MS + 10_000);
  afterAll(() => rmSync(lock, { recursive: true, force: true }));
  return baseUrl;
}
