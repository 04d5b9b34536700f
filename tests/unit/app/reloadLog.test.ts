import { describe, expect, it } from 'vitest';
import { createReloadLog, RELOAD_LOG_KEY } from '../../../machines/versionCheck/reloadLog';

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
}

describe('createReloadLog', () => {
  it('knows of no reload until one is recorded', () => {
    expect(createReloadLog(memoryStorage(), () => 5_000).millisSinceLastReload()).toBeNull();
  });

  it('measures the time since the recorded reload, across page loads', () => {
    const storage = memoryStorage();
    let now = 10_000;
    createReloadLog(storage, () => now).recordReload();
    now = 25_000;
    expect(createReloadLog(storage, () => now).millisSinceLastReload()).toBe(15_000);
    expect(storage.items.get(RELOAD_LOG_KEY)).toBe('10000');
  });

  it('ignores a value it did not write', () => {
    const storage = memoryStorage();
    storage.setItem(RELOAD_LOG_KEY, 'yesterday');
    expect(createReloadLog(storage, () => 1_000).millisSinceLastReload()).toBeNull();
  });
});
