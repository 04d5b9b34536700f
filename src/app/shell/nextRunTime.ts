const WEEKDAY_TIME_UTC = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short', hour: '2-digit', minute: '2-digit' });

/** When the next scheduled run is, as its weekday and 24-hour time in UTC, the zone the schedule is set in: 'Mon 07:35 UTC'. */
export function formatNextRunTime(iso: string): string {
  return `${WEEKDAY_TIME_UTC.format(new Date(iso))} UTC`;
}
