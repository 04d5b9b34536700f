import { Message } from 'primereact/message';
import { useContext } from 'react';
import { Axis, DataContext, GlyphSeries, Grid, LineSeries, Tooltip, XYChart } from '@visx/xychart';
import { shortDate } from '../../ui/calendarDate';
import { DateRangePickers } from './DateRangePickers';
import type { ShownRange } from './dateRange';
import { hasChartData, type ChartData, type ChartResult } from './loadChart';

type ChartPoint = ChartData['datasets'][number]['points'][number];

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

const SERIES_COLOURS = ['#22c55e', '#f59e0b', '#3b82f6', '#ef4444'];
/** Also the plot box's height in dashboard.css: visx sizes a chart without a width to a box of its parent's height. */
const CHART_HEIGHT = 280;
/** Room for the axes' labels only, so a phone's narrow card gives the plot most of its width. */
const CHART_MARGIN = { top: 16, right: 16, bottom: 32, left: 44 };
/** A point alone draws no line: it is marked with a dot this wide instead. */
const LONE_POINT_SIZE = 10;
const pointX = (point: ChartPoint) => point.x;
const pointY = (point: ChartPoint) => point.y;

/** Room for one date label on the bottom axis, so a narrow chart shows fewer dates rather than overlapping ones. */
const TICK_SPACING_PX = 72;

function DateAxis() {
  const { width = 0 } = useContext(DataContext);
  return <Axis orientation="bottom" tickFormat={shortDate} numTicks={Math.max(2, Math.floor(width / TICK_SPACING_PX))} />;
}

function seriesLabel(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function Chart({ title, chart, width }: { title: string; chart: ChartData; width?: number }) {
  const datasets = chart.datasets.filter((dataset) => dataset.points.length > 0);
  return (
    <figure className="chart-card__figure">
      <div className="chart-card__plot">
        <XYChart
          height={CHART_HEIGHT}
          width={width}
          margin={CHART_MARGIN}
          xScale={{ type: 'band', paddingInner: 0.3 }}
          yScale={{ type: 'linear', nice: true }}
          accessibilityLabel={`${title} from ${chart.from} to ${chart.to}`}
        >
          <Grid columns={false} numTicks={4} />
          <DateAxis />
          <Axis orientation="left" numTicks={4} />
          {datasets.map((dataset, index) => {
            const colour = SERIES_COLOURS[index % SERIES_COLOURS.length]!;
            const series = { dataKey: seriesLabel(dataset.name), data: dataset.points, xAccessor: pointX, yAccessor: pointY };
            return dataset.points.length === 1 ? (
              <GlyphSeries key={dataset.name} {...series} colorAccessor={() => colour} size={LONE_POINT_SIZE} />
            ) : (
              <LineSeries key={dataset.name} {...series} stroke={colour} />
            );
          })}
          <Tooltip<ChartPoint>
            snapTooltipToDatumX
            showVerticalCrosshair
            renderTooltip={({ tooltipData }) => {
              const nearest = tooltipData?.nearestDatum;
              if (!nearest) return null;
              return (
                <div>
                  <strong>{shortDate(nearest.datum.x)}</strong>
                  {Object.entries(tooltipData.datumByKey).map(([key, { datum }]) => (
                    <div key={key}>
                      {key}: {(datum as ChartPoint).y}
                    </div>
                  ))}
                </div>
              );
            }}
          />
        </XYChart>
      </div>
      <figcaption>
        <ul className="chart-card__legend">
          {datasets.map((dataset, index) => (
            <li key={dataset.name}>
              <span className="chart-card__swatch" style={{ background: SERIES_COLOURS[index % SERIES_COLOURS.length] }} aria-hidden="true" />
              {seriesLabel(dataset.name)}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
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
  return <Chart title={title} chart={result.chart} width={width} />;
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
