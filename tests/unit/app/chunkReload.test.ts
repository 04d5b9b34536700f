import { describe, expect, it } from 'vitest';
import { reloadWhenChunksAreGone } from '../../../src/app/chunkReload';
import { createReloadLog } from '../../../machines/versionCheck/reloadLog';
import { SPEC_RELOAD_COOLDOWN_MS } from '../../support/spec-numbers';

/** A page whose chunk loader the test fails, a clock the test moves, and storage that outlives a reload. */
function tab(lastReloadAt?: number) {
  let now = 1_000_000;
  const items = new Map<string, string>();
  const listeners: Array<() => void> = [];
  const page = { reloads: 0, addEventListener: (_type: string, listener: () => void) => void listeners.push(listener), reload: () => void (page.reloads += 1) };
  const log = createReloadLog({ getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) }, () => now);
  if (lastReloadAt !== undefined) {
    const later = now;
    now = lastReloadAt;
    log.recordReload();
    now = later;
  }
  reloadWhenChunksAreGone(page, log);
  return {
    page,
    chunkMissing: () => listeners.forEach((listener) => listener()),
    wait: (millis: number) => void (now += millis),
  };
}

describe('a page whose chunk is gone after a release', () => {
  it('reloads the tab to run the new build', () => {
    const { page, chunkMissing } = tab();
    chunkMissing();
    expect(page.reloads).toBe(1);
  });

  it('reloads only once a minute, so a chunk missing from the new build too shows the error page', () => {
    const { page, chunkMissing, wait } = tab();
    chunkMissing();
    wait(SPEC_RELOAD_COOLDOWN_MS - 1);
    chunkMissing();
    expect(page.reloads).toBe(1);
    wait(1);
    chunkMissing();
    expect(page.reloads).toBe(2);
  });

  it('waits out a reload the version check made less than a minute ago', () => {
    const { page, chunkMissing, wait } = tab(1_000_000 - 30_000);
    chunkMissing();
    expect(page.reloads).toBe(0);
    wait(SPEC_RELOAD_COOLDOWN_MS - 30_000 - 1);
    chunkMissing();
    expect(page.reloads).toBe(0);
    wait(1);
    chunkMissing();
    expect(page.reloads).toBe(1);
  });
});
