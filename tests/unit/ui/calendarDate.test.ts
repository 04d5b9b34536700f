import { describe, expect, it } from 'vitest';
import { addDays, isIsoDate, localDayIso, localMidnight, shortDate, todayUtc } from '../../../src/ui/calendarDate';

describe('calendar days as ISO dates', () => {
  it('reads only days that exist', () => {
    expect(['2026-03-01', '2024-02-29', '2026-12-31'].filter(isIsoDate)).toEqual(['2026-03-01', '2024-02-29', '2026-12-31']);
    expect(['2026-02-29', '2026-13-01', '2026-04-31', '2026-3-1', 'yesterday', '2026-03-01T00:00:00Z', ''].filter(isIsoDate)).toEqual([]);
  });

  it('counts days across months, years and clock changes', () => {
    expect(addDays('2026-03-29', -83)).toBe('2026-01-05');
    expect(addDays('2026-03-30', -29)).toBe('2026-03-01');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
  });

  it('takes today from the UTC clock', () => {
    expect(todayUtc(new Date('2026-03-01T23:30:00-05:00'))).toBe('2026-03-02');
  });

  it("gives a picker the day's local midnight and reads its local day back", () => {
    const midnight = localMidnight('2026-03-08');
    expect([midnight.getFullYear(), midnight.getMonth(), midnight.getDate(), midnight.getHours()]).toEqual([2026, 2, 8, 0]);
    expect(localDayIso(midnight)).toBe('2026-03-08');
    expect(localDayIso(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(Number.isNaN(localMidnight('yesterday').getTime())).toBe(true);
  });

  it("labels a chart's day 'MMM d'", () => {
    expect(['2026-03-01', '2026-12-31', '2026-01-10'].map(shortDate)).toEqual(['Mar 1', 'Dec 31', 'Jan 10']);
  });
});
