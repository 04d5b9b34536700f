import { afterAll, beforeAll, vi } from 'vitest';

/** jsdom has no ResizeObserver, which the charts' responsive width needs (browsers have one): a silent one for the suite. */
export function stubResizeObserverForSuite(): void {
  beforeAll(() => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });
  afterAll(() => vi.unstubAllGlobals());
}
