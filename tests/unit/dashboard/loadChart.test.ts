import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/client';
import { hasChartData, loadChart } from '../../../src/features/dashboard/loadChart';

function fakeServer(status: number, body: unknown) {
  const requests: string[] = [];
  const api = createApiClient({
    baseUrl: 'http://app.test/api/v1',
    fetch: async (request) => {
      requests.push(request.url);
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    },
  });
  return { api, requests };
}

const signal = () => new AbortController().signal;
const chart = { from: '2026-03-01', to: '2026-03-30', datasets: [{ name: 'posts', points: [{ x: '2026-03-01', y: 2 }] }] };

describe('loadChart', () => {
  it('asks for the chart with only the ends that were picked', async () => {
    const { api, requests } = fakeServer(200, chart);
    expect(await loadChart(api, 7, 'activities', { from: '2026-03-01', to: null }, signal())).toEqual({ kind: 'loaded', chart });
    expect(requests).toEqual(['http://app.test/api/v1/groups/7/charts/activities?from=2026-03-01']);
  });

  it("turns the server's refusal into a reason", async () => {
    const { api } = fakeServer(501, { error: { message: 'Not implemented yet' } });
    expect(await loadChart(api, 7, 'members', { from: null, to: null }, signal())).toEqual({ kind: 'failed', reason: 'Not implemented yet' });
  });
});

describe('hasChartData', () => {
  it('is false without series or with only empty ones', () => {
    expect(hasChartData(chart)).toBe(true);
    expect(hasChartData({ ...chart, datasets: [] })).toBe(false);
    expect(hasChartData({ ...chart, datasets: [{ name: 'posts', points: [] }] })).toBe(false);
  });
});
