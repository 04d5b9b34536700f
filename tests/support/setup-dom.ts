import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

// Vitest globals are off, so Testing Library cannot register its own cleanup between tests.
afterEach(() => cleanup());

// Components keep short timers of their own past their unmount (PrimeReact's InputMask places the
// caret 100 ms after a focus): the file's end clears those still pending, or they fire after its
// page has gone and throw for want of a document, failing whichever file runs next.
const realSetTimeout = globalThis.setTimeout;
const pendingTimers = new Set<ReturnType<typeof setTimeout>>();
globalThis.setTimeout = Object.assign(
  (handler: TimerHandler, delay?: number, ...args: unknown[]) => {
    const timer = realSetTimeout(() => {
      pendingTimers.delete(timer);
      if (typeof handler === 'function') handler(...args);
    }, delay);
    pendingTimers.add(timer);
    return timer;
  },
  realSetTimeout,
) as typeof setTimeout;
afterAll(() => {
  pendingTimers.forEach((timer) => clearTimeout(timer));
  globalThis.setTimeout = realSetTimeout;
});

// findBy and waitFor wait for rendering, never for a rule (rules run on fake timers): on a busy
// machine a whole-app render can take seconds, so they wait up to 10 s instead of 1 s.
configure({ asyncUtilTimeout: 10_000 });

// PrimeReact writes its component styles into their <style> element again at every mount of a
// component, the same text each time, and jsdom parsed the whole sheet again at every write (a
// fifth of a model file's time): a write of the text the element already holds changes nothing,
// so it is skipped.
if (typeof HTMLStyleElement !== 'undefined' && !Object.hasOwn(HTMLStyleElement.prototype, 'textContent')) {
  const nodeTextContent = Object.getOwnPropertyDescriptor(Node.prototype, 'textContent')!;
  Object.defineProperty(HTMLStyleElement.prototype, 'textContent', {
    configurable: true,
    get(this: HTMLStyleElement) {
      return nodeTextContent.get!.call(this);
    },
    set(this: HTMLStyleElement, text: string | null) {
      if (nodeTextContent.get!.call(this) !== text) nodeTextContent.set!.call(this, text);
    },
  });
}
