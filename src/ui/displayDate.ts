import { DateTime } from 'luxon';

function ordinalSuffix(day: number): string {
  if (day % 100 >= 11 && day % 100 <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][day % 10] ?? 'th';
}

/** 'MMM Do YYYY h:mm A' (for example 'Mar 1st 2026 3:05 PM') in the viewer's zone, or the zone given (tests). */
export function formatDisplayDate(iso: string, zone = 'local'): string {
  const at = DateTime.fromISO(iso, { zone });
  if (!at.isValid) return iso;
  return `${at.toFormat('MMM d')}${ordinalSuffix(at.day)} ${at.toFormat('yyyy h:mm a')}`;
}

/** The same moment in UTC, for the tooltip. */
export function formatUtcTooltip(iso: string): string {
  const at = DateTime.fromISO(iso, { zone: 'utc' });
  return at.isValid ? `${at.toFormat('yyyy-MM-dd HH:mm:ss')} UTC` : iso;
}
