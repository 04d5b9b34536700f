/** Remembers when the app last reloaded itself, across reloads. */
export interface ReloadLog {
  millisSinceLastReload(): number | null;
  recordReload(): void;
}

/** The app reloads itself at most once a minute, so a stale cache cannot trap it in a reload loop. */
export const RELOAD_COOLDOWN_MS = 60_000;

export const RELOAD_LOG_KEY = 'xfilter.lastVersionReloadAt';

export function createReloadLog(storage: Pick<Storage, 'getItem' | 'setItem'>, now: () => number = Date.now): ReloadLog {
  return {
    millisSinceLastReload() {
      const stored = Number(storage.getItem(RELOAD_LOG_KEY));
      return stored > 0 ? now() - stored : null;
    },
    recordReload() {
      storage.setItem(RELOAD_LOG_KEY, String(now()));
    },
  };
}
