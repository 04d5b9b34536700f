import { useLoaderData, useLocation, useNavigation } from 'react-router-dom';
import { todayUtc } from '../../ui/calendarDate';
import { useListQuery, type ListQueryHandle } from '../../ui/useListQuery';
import { chartQueryDefaults, rangeParams, readChartRanges, shownRange, type ChartKind, type ChartRanges } from './chartFilters';
import { DashboardPage } from './DashboardPage';
import type { ShownRange } from './dateRange';
import type { ChartResult } from './loadChart';

export interface DashboardLoaderData {
  ranges: ChartRanges;
  charts: Record<ChartKind, ChartResult>;
}

const QUERY_DEFAULTS: Record<ChartKind, ReturnType<typeof chartQueryDefaults>> = {
  members: chartQueryDefaults('members'),
  activities: chartQueryDefaults('activities'),
};

export function DashboardRoute() {
  const { ranges, charts } = useLoaderData() as DashboardLoaderData;
  const navigation = useNavigation();
  const location = useLocation();
  const reloading = navigation.state === 'loading' && navigation.location?.pathname === location.pathname;
  const next = reloading ? readChartRanges(new URLSearchParams(navigation.location!.search)) : ranges;
  /** Only a chart whose range changes shows it is loading; the other keeps its drawing. */
  const chartShown = (kind: ChartKind) =>
    next[kind].from === ranges[kind].from && next[kind].to === ranges[kind].to ? charts[kind] : null;
  // Each chart keeps its own ends in the address; its to-date settles for 200 ms before the chart reloads.
  const lists: Record<ChartKind, ListQueryHandle> = {
    members: useListQuery({ defaults: QUERY_DEFAULTS.members, toDateFilter: rangeParams('members').to }),
    activities: useListQuery({ defaults: QUERY_DEFAULTS.activities, toDateFilter: rangeParams('activities').to }),
  };
  const today = todayUtc();

  /** The pickers follow what was picked at once; open ends show the range the server answered for. */
  const shown = (kind: ChartKind): ShownRange => {
    const answered = shownRange(kind, ranges[kind], charts[kind], today);
    const picked = lists[kind];
    return { from: picked.query[rangeParams(kind).from] || answered.from, to: picked.pickedToDate || answered.to };
  };

  return (
    <DashboardPage
      ranges={{ members: shown('members'), activities: shown('activities') }}
      charts={{ members: chartShown('members'), activities: chartShown('activities') }}
      onFromChange={(kind, from) => lists[kind].setFilter(rangeParams(kind).from, from)}
      onToChange={(kind, to) => lists[kind].pickToDate(to)}
      onRangeReset={(kind) => lists[kind].reset()}
    />
  );
}
