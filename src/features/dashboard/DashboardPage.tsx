import { ChartCard } from './ChartCard';
import type { ChartKind, ChartRanges } from './chartFilters';
import type { DateRange } from './dateRange';
import type { ChartResult } from './loadChart';
import './dashboard.css';

export interface DashboardPageProps {
  ranges: ChartRanges;
  /** A chart's result, or null while it loads. */
  charts: Record<ChartKind, ChartResult | null>;
  onRangeChange(kind: ChartKind, range: DateRange): void;
  chartWidth?: number;
}

/** The group's dashboard: members by week and activities by day. */
export function DashboardPage({ ranges, charts, onRangeChange, chartWidth }: DashboardPageProps) {
  return (
    <section className="dashboard" aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">Dashboard</h1>
      <ChartCard
        id="members-chart"
        title="Members"
        result={charts.members}
        range={ranges.members}
        onRangeChange={(range) => onRangeChange('members', range)}
        width={chartWidth}
      />
      <ChartCard
        id="activities-chart"
        title="Activities"
        result={charts.activities}
        range={ranges.activities}
        onRangeChange={(range) => onRangeChange('activities', range)}
        width={chartWidth}
      />
    </section>
  );
}
