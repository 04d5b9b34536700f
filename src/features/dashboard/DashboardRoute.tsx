import { useLoaderData, useLocation, useNavigation, useSearchParams } from 'react-router-dom';
import { writeChartRanges, type ChartKind, type ChartRanges } from './chartFilters';
import { DashboardPage } from './DashboardPage';
import type { ChartResult } from './loadChart';

export interface DashboardLoaderData {
  ranges: ChartRanges;
  charts: Record<ChartKind, ChartResult>;
}

export function DashboardRoute() {
  const { ranges, charts } = useLoaderData() as DashboardLoaderData;
  const [, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const location = useLocation();
  const reloading = navigation.state === 'loading' && navigation.location?.pathname === location.pathname;

  return (
    <DashboardPage
      ranges={ranges}
      charts={reloading ? { members: null, activities: null } : charts}
      onRangeChange={(kind, range) => setSearchParams(writeChartRanges({ ...ranges, [kind]: range }), { replace: true })}
    />
  );
}
