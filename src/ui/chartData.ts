import type { components } from '../api/schema';

/** Series of values by day, as every chart of the API answers them. */
export type ChartData = components['schemas']['ChartData'];

/** A chart with no series, or only empty ones, has nothing to draw. */
export function hasChartData(chart: ChartData): boolean {
  return chart.datasets.some((dataset) => dataset.points.length > 0);
}
