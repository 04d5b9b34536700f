import { DateTime } from 'luxon';
import type { DateRange } from './dateRange';

export type ChartKind = 'members' | 'activities';
export const CHART_KINDS: readonly ChartKind[] = ['members', 'activities'];

export type ChartRanges = Record<ChartKind, DateRange>;

function isoDate(value: string | null): string | null {
  return value !== null && DateTime.fromISO(value).isValid && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
}

/** Each chart's range from the address (members_from, members_to, activities_from, activities_to); missing ends are the server's defaults. */
export function readChartRanges(params: URLSearchParams): ChartRanges {
  const range = (kind: ChartKind): DateRange => {
    const read = { from: isoDate(params.get(`${kind}_from`)), to: isoDate(params.get(`${kind}_to`)) };
    return read.from !== null && read.to !== null && read.from > read.to ? { from: null, to: null } : read;
  };
  return { members: range('members'), activities: range('activities') };
}

/** The address's query: only the ends that were picked. */
export function writeChartRanges(ranges: ChartRanges): URLSearchParams {
  const params = new URLSearchParams();
  for (const kind of CHART_KINDS) {
    const { from, to } = ranges[kind];
    if (from) params.set(`${kind}_from`, from);
    if (to) params.set(`${kind}_to`, to);
  }
  return params;
}
