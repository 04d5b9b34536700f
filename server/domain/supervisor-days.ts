/**
 * Days and moments of the supervisor's filters. The contract's dates (YYYY-MM-DD) and date-times
 * reach from year 0000 to 9999, and a date-time may name a leap second; the database's timestamps
 * start at year 1. A day filter is a range of moments, kept within the years both understand.
 */

const DAY_MS = 86_400_000;
const EARLIEST = Date.parse('0001-01-01T00:00:00.000Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

const withinYears = (time: number) => new Date(Math.min(LATEST, Math.max(EARLIEST, time)));

/** The moment a UTC day begins; a day before year 1 begins with year 1, where nothing is older. */
export function dayStart(day: string): Date {
  return withinYears(Date.parse(`${day}T00:00:00.000Z`));
}

/** The moment after a UTC day ends (the next day's start), as the end of a range that excludes it. */
export function dayEnd(day: string): Date {
  return withinYears(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS);
}

/** A UTC day as YYYY-MM-DD, kept between year 1 and 9999. */
export function isoDay(time: number): string {
  return withinYears(time).toISOString().slice(0, 10);
}

/** The day so many days after (or before) another. */
export function addDays(day: string, days: number): string {
  return isoDay(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS);
}

/** Days from one to another, both included: 1 for a single day, 0 or less when `to` comes first. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00.000Z`) - Date.parse(`${from}T00:00:00.000Z`)) / DAY_MS) + 1;
}

/** A date-time of a request body as a moment the database can keep; undefined when it cannot (a leap second, before year 1, after 9999). */
export function storableMoment(value: string): Date | undefined {
  const time = Date.parse(value);
  if (Number.isNaN(time) || time < EARLIEST || time > LATEST) return undefined;
  return new Date(time);
}
