import { describe, expect, it } from 'vitest';
import { formatNextRunTime } from '../../../src/app/shell/nextRunTime';

describe('the time of the next scheduled run', () => {
  it("shows the weekday and the 24-hour time in UTC, the schedule's zone", () => {
    expect(formatNextRunTime('2024-06-03T07:35:00.000Z')).toBe('Mon 07:35 UTC');
    expect(formatNextRunTime('2024-06-09T23:05:00+02:00')).toBe('Sun 21:05 UTC');
    expect(formatNextRunTime('2024-06-04T00:00:00Z')).toBe('Tue 00:00 UTC');
  });
});
