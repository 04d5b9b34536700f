import { Message } from 'primereact/message';
import { LineChart } from '../../ui/LineChart';
import { DateRangePickers } from './DateRangePickers';
import type { ShownRange } from './dateRange';
import { hasChartData, type ChartResult } from './loadChart';

export interface ChartCardProps {
  id: string;
  title: string;
  /** null while the chart loads. */
  result: ChartResult | null;
  /** The range the chart covers, shown in its pickers. */
  range: ShownRange;
  onFromChange(from: string): void;
  onToChange(to: string): void;
  /** Either picker was cleared: the chart goes back to its default range. */
  onRangeReset(): void;
  /** Fixed width for stories and tests; the card's width otherwise. */
  width?: number;
}

function ChartBody({ title, result, width }: Pick<ChartCardProps, 'title' | 'result' | 'width'>) {
  if (!result) {
    return (
      <div className="chart-card__status" role="status">
        <span className="pi pi-spin pi-spinner" aria-hidden="true" /> Loading the chart…
      </div>
    );
  }
  if (result.kind === 'failed') return <Message severity="error" text={`The chart could not be loaded. ${result.reason}`} />;
  if (!hasChartData(result.chart)) return <div className="chart-card__status">No data for chart yet</div>;
  return <LineChart title={title} chart={result.chart} width={width} />;
}

/** One dashboard chart with its own from and to pickers. */
export function ChartCard({ id, title, result, range, onFromChange, onToChange, onRangeReset, width }: ChartCardProps) {
  return (
    <section className="chart-card" aria-labelledby={`${id}-title`}>
      <header className="chart-card__header">
        <h2 id={`${id}-title`}>{title}</h2>
        <DateRangePickers idPrefix={id} range={range} onFromChange={onFromChange} onToChange={onToChange} onReset={onRangeReset} />
      </header>
      <ChartBody title={title} result={result} width={width} />
    </section>
  );
}
