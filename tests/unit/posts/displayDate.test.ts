import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { formatDisplayDate, formatUtcTooltip } from '../../../src/ui/displayDate';

describe('formatDisplayDate', () => {
  it("shows 'MMM Do YYYY h:mm A'", () => {
    expect(formatDisplayDate('2026-03-01T15:05:00Z', 'utc')).toBe('Mar 1st 2026 3:05 PM');
  });

  it.each([
    ['2026-03-02T00:00:00Z', 'Mar 2nd 2026 12:00 AM'],
    ['2026-03-03T09:30:00Z', 'Mar 3rd 2026 9:30 AM'],
    ['2026-03-11T12:00:00Z', 'Mar 11th 2026 12:00 PM'],
    ['2026-03-12T12:00:00Z', 'Mar 12th 2026 12:00 PM'],
    ['2026-03-13T12:00:00Z', 'Mar 13th 2026 12:00 PM'],
    ['2026-03-21T12:00:00Z', 'Mar 21st 2026 12:00 PM'],
    ['2026-03-22T12:00:00Z', 'Mar 22nd 2026 12:00 PM'],
    ['2026-03-23T12:00:00Z', 'Mar 23rd 2026 12:00 PM'],
    ['2026-03-31T12:00:00Z', 'Mar 31st 2026 12:00 PM'],
  ])('gives %s the right ordinal', (iso, shown) => {
    expect(formatDisplayDate(iso, 'utc')).toBe(shown);
  });

  it("shows the moment in the viewer's zone", () => {
    expect(formatDisplayDate('2026-03-01T03:05:00Z', 'America/New_York')).toBe('Feb 28th 2026 10:05 PM');
  });

  it('leaves an unreadable date as it came', () => {
    expect(formatDisplayDate('not a date', 'utc')).toBe('not a date');
    expect(formatDisplayDate('2026-02-30T10:00:00Z', 'utc')).toBe('2026-02-30T10:00:00Z');
  });

  it('shows the day and time Luxon shows for the same moment and zone, across clock changes and offsets', () => {
    const moments = ['2026-03-08T06:59:59Z', '2026-03-08T07:00:00Z', '2026-10-25T00:30:00+01:00', '2026-12-31T23:59:59.999Z', '2027-01-01T12:00:00+14:00'];
    const zones = ['utc', 'America/New_York', 'Europe/Berlin', 'Asia/Kolkata', 'Pacific/Kiritimati'];
    for (const iso of moments) {
      for (const zone of zones) {
        const withoutOrdinal = formatDisplayDate(iso, zone).replace(/^(\w+ \d+)(st|nd|rd|th) /, '$1 ');
        expect(withoutOrdinal, `${iso} in ${zone}`).toBe(DateTime.fromISO(iso, { zone, locale: 'en-US' }).toFormat('MMM d yyyy h:mm a'));
      }
    }
  });
});

describe('formatUtcTooltip', () => {
  it('shows the UTC time whatever the offset it came with', () => {
    expect(formatUtcTooltip('2026-03-01T10:05:09+02:00')).toBe('2026-03-01 08:05:09 UTC');
    expect(formatUtcTooltip('2026-03-01T00:05:09.750-05:00')).toBe('2026-03-01 05:05:09 UTC');
  });

  it('leaves an unreadable date as it came', () => {
    expect(formatUtcTooltip('not a date')).toBe('not a date');
  });
});
