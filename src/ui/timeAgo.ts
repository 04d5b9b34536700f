/** The lists' texts are English, whatever the browser's language. */
const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'always' });

const UNITS: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** How long ago a moment (unix seconds) was, from `nowMillis`, in its largest whole unit: '5 minutes ago', 'just now' under a minute. */
export function timeAgo(unixSeconds: number, nowMillis: number): string {
  const seconds = Math.max(0, Math.floor(nowMillis / 1000) - unixSeconds);
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return relative.format(-Math.floor(seconds / size), unit);
  }
  return 'just now';
}
