import { Message } from 'primereact/message';
import { hasChartData, type ChartData } from '../../../ui/chartData';
import { LineChart } from '../../../ui/LineChart';
import type { Loaded } from './loadOps';
import { ROBOT_LOG_CHART_VARIANTS, type RobotLogChartVariant } from './robotLogFilters';

export const CHART_VARIANT_LABELS: Record<RobotLogChartVariant, string> = { message: 'By message', groups: 'By group', users: 'By user' };

export interface RobotLogChartPageProps {
  variant: RobotLogChartVariant;
  /** null while the chart loads. */
  result: Loaded<ChartData> | null;
  onVariantChange(variant: RobotLogChartVariant): void;
  /** Fixed width for stories and tests; the card's width otherwise. */
  width?: number;
}

function ChartBody({ variant, result, width }: Pick<RobotLogChartPageProps, 'variant' | 'result' | 'width'>) {
  if (!result) {
    return (
      <div className="ops-status" role="status">
        <span className="pi pi-spin pi-spinner" aria-hidden="true" /> Loading the chart…
      </div>
    );
  }
  if (result.kind === 'failed') return <Message severity="error" text={`The chart could not be loaded. ${result.reason}`} />;
  if (!hasChartData(result.data)) return <div className="ops-status">No robot log lines match these filters.</div>;
  return <LineChart title={`Robot log lines per day, ${CHART_VARIANT_LABELS[variant].toLowerCase()},`} chart={result.data} width={width} seriesLabel={(name) => name} height={320} />;
}

/** Robot log lines per day, one series per message (the top 10), group or user. */
export function RobotLogChartPage({ variant, result, onVariantChange, width }: RobotLogChartPageProps) {
  return (
    <section className="ops-card" aria-labelledby="robot-log-chart-title">
      <header className="ops-card__header">
        <h2 id="robot-log-chart-title">Lines per day</h2>
        <div className="ops-toggle" role="group" aria-label="Series">
          {ROBOT_LOG_CHART_VARIANTS.map((candidate) => (
            <button
              key={candidate}
              type="button"
              className={candidate === variant ? 'p-button p-component p-button-sm' : 'p-button p-component p-button-sm p-button-outlined'}
              aria-pressed={candidate === variant}
              onClick={() => candidate !== variant && onVariantChange(candidate)}
            >
              {CHART_VARIANT_LABELS[candidate]}
            </button>
          ))}
        </div>
      </header>
      <ChartBody variant={variant} result={result} width={width} />
    </section>
  );
}
