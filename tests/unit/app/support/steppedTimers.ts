import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * Fakes only the timers, so a debounce is stepped by hand while promises and the router run as
 * usual; a test goes back to real timers before waiting for a render (Testing Library's waitFor
 * settles on a real setTimeout).
 */
export function fakeTimers() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
}

/** Moves the simulated clock by `ms`, letting React render what it starts. */
export const advance = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

/**
 * While the timers are fake (testing-library's waitFor would wait on a faked timer): lets React run
 * what it has pending, a turn at a time and without moving the clock, until the page shows what
 * `check` expects. A page's text can show before its effects have run, and its statecharts start in
 * those effects: a box shows what was typed once its statechart has it, and a debounce counts from
 * there.
 */
export async function untilShown(check: () => void, turns = 50) {
  for (let turn = 1; ; turn++) {
    try {
      check();
      return;
    } catch (error) {
      if (turn >= turns) throw error;
    }
    await act(async () => {});
  }
}
