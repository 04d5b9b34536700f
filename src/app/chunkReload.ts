import { RELOAD_COOLDOWN_MS, type ReloadLog } from '../../machines/versionCheck/reloadLog';

/** What the rule needs of the page: the event Vite's loader sends when a chunk cannot be fetched, and a reload. */
export interface ChunkReloadPage {
  addEventListener(type: 'vite:preloadError', listener: () => void): void;
  reload(): void;
}

/**
 * Pages load their chunks when first opened; after a release the server holds the new build's
 * files only, so a tab still running the old build cannot fetch a page it has not opened yet. It
 * reloads to run the new build, unless the app reloaded itself less than a minute ago (as the
 * version check counts), so a chunk that is missing for another reason shows the error page
 * instead of reloading forever.
 */
export function reloadWhenChunksAreGone(page: ChunkReloadPage, log: ReloadLog): void {
  page.addEventListener('vite:preloadError', () => {
    const elapsed = log.millisSinceLastReload();
    if (elapsed !== null && elapsed < RELOAD_COOLDOWN_MS) return;
    log.recordReload();
    page.reload();
  });
}
