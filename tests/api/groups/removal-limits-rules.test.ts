import { describe, expect, it } from 'vitest';
import {
  DAILY_REMOVAL_LIMIT,
  FREE_REMOVAL_ALLOWANCE,
  removalLimits,
  removalPeriods,
  WEEKLY_REMOVAL_LIMIT,
} from '../../../server/domain/removal-limits';

/** A Wednesday afternoon: the UTC day ends in 9 h 30 min, the week (from Monday) in 4 days 9 h 30 min. */
const NOW = new Date('2026-03-18T14:30:00Z');
const END_OF_DAY = new Date('2026-03-19T00:00:00Z');
const END_OF_WEEK = new Date('2026-03-23T00:00:00Z');

describe('removal limits', () => {
  it('recommend 100 a day and 500 a week, and give a free group ten removals in all', () => {
    expect([DAILY_REMOVAL_LIMIT, WEEKLY_REMOVAL_LIMIT, FREE_REMOVAL_ALLOWANCE]).toEqual([100, 500, 10]);
  });

  it('count days and weeks in UTC, weeks from Monday', () => {
    expect(removalPeriods(NOW)).toEqual({ today: '2026-03-18', weekStart: '2026-03-16', dayEnds: END_OF_DAY, weekEnds: END_OF_WEEK });
    expect(removalPeriods(new Date('2026-03-16T00:00:00Z')).weekStart).toBe('2026-03-16');
    expect(removalPeriods(new Date('2026-03-22T23:59:59Z')).weekStart).toBe('2026-03-16');
  });

  it('hold a paid group to what is left today when that is tightest, until midnight', () => {
    const limits = removalLimits('annual', { today: 70, thisWeek: 120, total: 4_000 }, NOW);
    expect(limits.daily).toEqual({ limit: 100, left: 30, spent: 70 });
    expect(limits.weekly).toEqual({ limit: 500, left: 380, spent: 120 });
    expect(limits.current).toEqual(limits.daily);
    expect(limits.reset_at).toEqual(END_OF_DAY);
    expect(limits.seconds_till_reset).toBe(9.5 * 3600);
  });

  it('hold a paid group to the week once the week is tighter, until Monday', () => {
    const limits = removalLimits('monthly', { today: 10, thisWeek: 480, total: 480 }, NOW);
    expect(limits.current).toEqual({ limit: 500, left: 20, spent: 480 });
    expect(limits.reset_at).toEqual(END_OF_WEEK);
  });

  it('wait for the later reset when the day and the week are both used up', () => {
    const limits = removalLimits('once', { today: 100, thisWeek: 500, total: 900 }, NOW);
    expect(limits.current.left).toBe(0);
    expect(limits.reset_at).toEqual(END_OF_WEEK);
  });

  it('hold a free group to its allowance, which never resets', () => {
    const limits = removalLimits('free', { today: 3, thisWeek: 3, total: 3 }, NOW);
    expect(limits.free).toEqual({ limit: 10, left: 7, spent: 3 });
    expect(limits.current).toEqual(limits.free);
    expect(limits.reset_at).toBeNull();
    expect(limits.seconds_till_reset).toBeNull();
  });

  it('leave nothing once a free group spent its allowance, and never less than nothing', () => {
    const limits = removalLimits('free', { today: 0, thisWeek: 0, total: 12 }, NOW);
    expect(limits.current).toEqual({ limit: 10, left: 0, spent: 12 });
  });

  it('do not hold a paid group to the free allowance', () => {
    const limits = removalLimits('monthly', { today: 0, thisWeek: 0, total: 50 }, NOW);
    expect(limits.free.left).toBe(0);
    expect(limits.current.left).toBe(100);
  });
});
