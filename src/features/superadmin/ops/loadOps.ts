import type { ApiClient } from '../../../api/client';
import { failureReason } from '../../../api/failureReason';
import type { components } from '../../../api/schema';
import type { ChartData } from '../../../ui/chartData';
import { browseQuery, chartQuery, type RobotLogFilters } from './robotLogFilters';

type Schemas = components['schemas'];
export type RobotLog = Schemas['RobotLog'];
export type RobotLogGroup = Schemas['RobotLogGroup'];
export type Monitor = Schemas['Monitor'];
export type TasksList = Schemas['TasksList'];
export type Task = Schemas['Task'];
export type RobotRun = TasksList['robot_jobs'][number];

/** A call's answer, or why there is none: a failure is a value the page shows. */
export type Loaded<Data> = { kind: 'loaded'; data: Data } | { kind: 'failed'; reason: string };

interface Answer<Data> {
  data?: Data;
  error?: unknown;
  response: Response;
}

async function loaded<Data>(call: Promise<Answer<Data>>, signal?: AbortSignal): Promise<Loaded<Data>> {
  try {
    const { data, error, response } = await call;
    return data !== undefined ? { kind: 'loaded', data } : { kind: 'failed', reason: failureReason(error, response) };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { kind: 'failed', reason: failureReason(error, undefined) };
  }
}

/** GET /supervisor/robot_logs: a page of lines, or of their groups with counts when group_by is chosen. */
export function loadRobotLogs(api: ApiClient, filters: RobotLogFilters, signal: AbortSignal): Promise<Loaded<Schemas['RobotLogsList']>> {
  return loaded(api.GET('/supervisor/robot_logs', { params: { query: browseQuery(filters) }, signal }), signal);
}

/** GET /supervisor/robot_logs/chart: lines per day, one series per message, group or user. */
export function loadRobotLogChart(api: ApiClient, filters: RobotLogFilters, signal: AbortSignal): Promise<Loaded<ChartData>> {
  return loaded(api.GET('/supervisor/robot_logs/chart', { params: { query: chartQuery(filters) }, signal }), signal);
}

/** GET /supervisor/monitor: the system's figures and their last 14 days. */
export function loadMonitor(api: ApiClient, signal: AbortSignal): Promise<Loaded<Monitor>> {
  return loaded(api.GET('/supervisor/monitor', { signal }), signal);
}
