/** Calendar days as ISO dates ('yyyy-MM-dd'): the charts' ranges and their pickers. A day has no zone. */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function dayParts(iso: string): [number, number, number] | null {
  const match = ISO_DATE.exec(iso);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = new Date(Date.UTC(year, month - 1, day));
  return at.getUTCMonth() === month - 1 && at.getUTCDate() === day ? [year, month, day] : null;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** Whether a text is an ISO date of a day that exists ('2026-02-30' is not). */
export function isIsoDate(value: string): boolean {
  return dayParts(value) !== null;
}

function utcDayIso(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The day a number of days after (or, negative, before) an ISO date. */
export function addDays(iso: string, days: number): string {
  const parts = dayParts(iso);
  if (!parts) throw new Error(`not an ISO date: ${iso}`);
  const [year, month, day] = parts;
  return utcDayIso(new Date(Date.UTC(year, month - 1, day + days)));
}

/** Today in UTC, the server's day. */
export function todayUtc(now = new Date()): string {
  return utcDayIso(now);
}

/** Midnight of the day in the viewer's zone, as a date picker holds it; an invalid date for a text that is no day. */
export function localMidnight(iso: string): Date {
  const parts = dayParts(iso);
  if (!parts) return new Date(Number.NaN);
  const [year, month, day] = parts;
  return new Date(year, month - 1, day);
}

/** The day a date picker's date falls on in the viewer's zone. */
export function localDayIso(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const shortDateFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });

/** 'MMM d' ('Mar 1'), as a chart's date axis labels a day. */
export function shortDate(iso: string): string {
  const parts = dayParts(iso);
  if (!parts) return iso;
  const [year, month, day] = parts;
  return shortDateFormat.format(new Date(Date.UTC(year, month - 1, day)));
}
