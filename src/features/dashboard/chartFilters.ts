import type { ListQuery } from '../../../machines/listQuery/query';
import type { operations } from '../../api/schema';
import type { DateRange, ShownRange } from './dateRange';
import type { ChartResult } from './loadChart';
import { addDays, isIsoDate } from '../../ui/calendarDate';

export type ChartKind = operations['getGroupChart']['parameters']['path']['kind'];

export type ChartRanges = Record<ChartKind, DateRange>;

/** Without from, the server's range ends at to and spans 12 weeks (members) or 30 days (activities), both ends included. */
export const DEFAULT_RANGE_DAYS: Record<ChartKind, number> = { members: 12 * 7, activities: 30 };

/** The address's names for a chart's ends: members_from, members_to, activities_from, activities_to. */
export const rangeParams = (kind: ChartKind) => ({ from: `${kind}_from`, to: `${kind}_to` });

/** A chart's ends as its list query keeps them in the address; empty ends (the server's default range) are left out. */
export function chartQueryDefaults(kind: ChartKind): ListQuery {
  const names = rangeParams(kind);
  return { [names.from]: '', [names.to]: '', page: '1' };
}

function isoDate(value: string | null): string | null {
  return value !== null && isIsoDate(value) ? value : null;
}

/** Each chart's range from the address; missing ends are the server's defaults. */
export function readChartRanges(params: URLSearchParams): ChartRanges {
  const range = (kind: ChartKind): DateRange => {
    const names = rangeParams(kind);
    const read = { from: isoDate(params.get(names.from)), to: isoDate(params.get(names.to)) };
    return read.from !== null && read.to !== null && read.from > read.to ? { from: null, to: null } : read;
  };
  return { members: range('members'), activities: range('activities') };
}

/** The server's range for the ends a request leaves open (GET /groups/{id}/charts/{kind}); today is the server's UTC day. */
export function serverDefaultRange(kind: ChartKind, { from, to }: DateRange, today: string): ShownRange {
  const end = to ?? (from !== null && from > today ? from : today);
  const start = from ?? addDays(end, -(DEFAULT_RANGE_DAYS[kind] - 1));
  return { from: start, to: end };
}

/** What a chart's pickers show: the range the server answered for, or the one it would use when there is no answer. */
export function shownRange(kind: ChartKind, requested: DateRange, result: ChartResult, today: string): ShownRange {
  return result.kind === 'loaded' ? { from: result.chart.from, to: result.chart.to } : serverDefaultRange(kind, requested, today);
}
