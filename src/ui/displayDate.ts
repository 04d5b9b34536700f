import { isIsoDate } from './calendarDate';

/** The lists' dates are English texts ('Mar 1st'), whatever the browser's language. */
const LOCALE = 'en-US';

/** A moment as the API sends it: an ISO date and time with its offset ('2026-03-01T15:05:00Z', '…+02:00'). */
const MOMENT = /^\d{4}-\d{2}-\d{2}T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

function parseMoment(iso: string): Date | null {
  // The browser's parser rolls '2026-02-30' over into March.
  if (!MOMENT.test(iso) || !isIsoDate(iso.slice(0, 10))) return null;
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? null : at;
}

function ordinalSuffix(day: number): string {
  if (day % 100 >= 11 && day % 100 <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][day % 10] ?? 'th';
}

/** One formatter a zone: making an Intl.DateTimeFormat costs far more than formatting with one. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(LOCALE, {
      timeZone: zone === 'local' ? undefined : zone,
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** 'MMM Do YYYY h:mm A' (for example 'Mar 1st 2026 3:05 PM') in the viewer's zone, or the zone given (tests). */
export function formatDisplayDate(iso: string, zone = 'local'): string {
  const at = parseMoment(iso);
  if (!at) return iso;
  const parts = formatterOf(zone).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  const day = Number(part('day'));
  return `${part('month')} ${day}${ordinalSuffix(day)} ${part('year')} ${part('hour')}:${part('minute')} ${part('dayPeriod').toUpperCase()}`;
}

/** The same moment in UTC, for the tooltip. */
export function formatUtcTooltip(iso: string): string {
  const at = parseMoment(iso);
  if (!at) return iso;
  const utc = at.toISOString();
  return `${utc.slice(0, 10)} ${utc.slice(11, 19)} UTC`;
}
