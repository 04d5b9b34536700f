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
