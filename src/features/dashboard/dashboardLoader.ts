import type { ApiClient } from '../../api/client';
import { readChartRanges } from './chartFilters';
import type { DashboardLoaderData } from './DashboardRoute';
import { loadChart } from './loadChart';

/** The dashboard route's data: each chart's range from the address, then both charts at once. */
export async function dashboardLoaderData(api: ApiClient, group: { id: number }, request: Request): Promise<DashboardLoaderData> {
  const ranges = readChartRanges(new URL(request.url).searchParams);
  const [members, activities] = await Promise.all([
    loadChart(api, group.id, 'members', ranges.members, request.signal),
    loadChart(api, group.id, 'activities', ranges.activities, request.signal),
  ]);
  return { ranges, charts: { members, activities } };
}
