import { ChartCard } from './ChartCard';
import type { ChartKind } from './chartFilters';
import type { ShownRange } from './dateRange';
import type { ChartResult } from './loadChart';
import './dashboard.css';

export interface DashboardPageProps {
  /** The range each chart covers, shown in its pickers from the first render. */
  ranges: Record<ChartKind, ShownRange>;
  /** A chart's result, or null while it loads. */
  charts: Record<ChartKind, ChartResult | null>;
  onFromChange(kind: ChartKind, from: string): void;
  onToChange(kind: ChartKind, to: string): void;
  /** A chart's picker was cleared: that chart goes back to its default range. */
  onRangeReset(kind: ChartKind): void;
  chartWidth?: number;
}

/** The group's dashboard: members by week and activities by day. */
export function DashboardPage({ ranges, charts, onFromChange, onToChange, onRangeReset, chartWidth }: DashboardPageProps) {
  return (
    <section className="dashboard" aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">Dashboard</h1>
      <ChartCard
        id="members-chart"
        title="Members"
        result={charts.members}
        range={ranges.members}
        onFromChange={(from) => onFromChange('members', from)}
        onToChange={(to) => onToChange('members', to)}
        onRangeReset={() => onRangeReset('members')}
        width={chartWidth}
      />
      <ChartCard
        id="activities-chart"
        title="Activities"
        result={charts.activities}
        range={ranges.activities}
        onFromChange={(from) => onFromChange('activities', from)}
        onToChange={(to) => onToChange('activities', to)}
        onRangeReset={() => onRangeReset('activities')}
        width={chartWidth}
      />
    </section>
  );
}
