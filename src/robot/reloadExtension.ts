/** The message the xFilter extension's content script listens for on the page. */
const RELOAD_EXTENSION_MESSAGE = { source: 'xfilter-app', command: 'reload_extension' } as const;

/** Asks the installed extension to reload itself, which makes the browser pick up its newest published version. */
export function reloadExtension(target: Window = window): void {
  target.postMessage(RELOAD_EXTENSION_MESSAGE, target.location.origin);
}
