import { describe, expect, it, vi } from 'vitest';
import { watchUserActivity } from '../../../src/app/userActivity';

describe('watchUserActivity', () => {
  it('reports activity at most once per throttle window', () => {
    vi.useFakeTimers();
    const target = new EventTarget();
    const onActivity = vi.fn();
    const stop = watchUserActivity(target, onActivity, 1_000);
    target.dispatchEvent(new Event('pointermove'));
    target.dispatchEvent(new Event('keydown'));
    expect(onActivity).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_000);
    target.dispatchEvent(new Event('wheel'));
    expect(onActivity).toHaveBeenCalledTimes(2);
    stop();
    vi.advanceTimersByTime(1_000);
    target.dispatchEvent(new Event('pointerdown'));
    expect(onActivity).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });
});
