import type { ApiClient } from '../../api/client';
import { failureReason } from '../../api/failureReason';
import type { ChartKind } from './chartFilters';
import type { DateRange } from './dateRange';
import type { ChartData } from '../../ui/chartData';

export type { ChartData } from '../../ui/chartData';
export { hasChartData } from '../../ui/chartData';

export type ChartResult = { kind: 'loaded'; chart: ChartData } | { kind: 'failed'; reason: string };

/** GET /groups/{id}/charts/{kind}; ends left open get the server's default range. */
export async function loadChart(api: ApiClient, groupId: number, kind: ChartKind, range: DateRange, signal: AbortSignal): Promise<ChartResult> {
  try {
    const { data, error, response } = await api.GET('/groups/{id}/charts/{kind}', {
      params: {
        path: { id: groupId, kind },
        query: { ...(range.from ? { from: range.from } : {}), ...(range.to ? { to: range.to } : {}) },
      },
      signal,
    });
    return data ? { kind: 'loaded', chart: data } : { kind: 'failed', reason: failureReason(error, response) };
  } catch (error) {
    if (signal.aborted) throw error;
    return { kind: 'failed', reason: failureReason(error, undefined) };
  }
}
