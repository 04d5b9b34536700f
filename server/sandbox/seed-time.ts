import { DAY_MS } from './world';

export function daysBefore(moment: Date, days: number): Date {
  return new Date(moment.getTime() - days * DAY_MS);
}

export function daysAfter(moment: Date, days: number): Date {
  return new Date(moment.getTime() + days * DAY_MS);
}

export function minutesAfter(moment: Date, minutes: number): Date {
  return new Date(moment.getTime() + minutes * 60_000);
}

export function startOfUtcDay(moment: Date): Date {
  return new Date(Math.floor(moment.getTime() / DAY_MS) * DAY_MS);
}

/** YYYY-MM-DD in UTC, the format of date columns. */
export function utcDay(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

export function latest(a: Date | null, b: Date): Date {
  return a && a > b ? a : b;
}
