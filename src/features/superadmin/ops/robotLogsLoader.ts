import type { ApiClient } from '../../../api/client';
import { loadRobotLogChart, loadRobotLogs } from './loadOps';
import { readRobotLogFilters } from './robotLogFilters';
import type { RobotLogChartLoaderData, RobotLogsLoaderData } from './useRobotLogQuery';

/** The browse route's data: the filters from the address and the page of lines (or groups) they select. */
export async function robotLogsLoaderData(api: ApiClient, request: Request): Promise<RobotLogsLoaderData> {
  const filters = readRobotLogFilters(new URL(request.url).searchParams);
  return { filters, result: await loadRobotLogs(api, filters, request.signal) };
}

/** The chart route's data: the filters from the address and the lines per day they select. */
export async function robotLogChartLoaderData(api: ApiClient, request: Request): Promise<RobotLogChartLoaderData> {
  const filters = readRobotLogFilters(new URL(request.url).searchParams);
  return { filters, result: await loadRobotLogChart(api, filters, request.signal) };
}
