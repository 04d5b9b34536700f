import { useContext } from 'react';
import { Axis, DataContext, GlyphSeries, Grid, LineSeries, Tooltip, XYChart } from '@visx/xychart';
import { shortDate } from './calendarDate';
import type { ChartData } from './chartData';
import './lineChart.css';

type ChartPoint = ChartData['datasets'][number]['points'][number];

export interface LineChartProps {
  /** Names the chart to screen readers, with the days it covers. */
  title: string;
  chart: ChartData;
  /** Fixed width for stories and tests; the parent's width otherwise. */
  width?: number;
  height?: number;
  /** How a series is named in the legend and the tooltip; its name with a capital first letter by default. */
  seriesLabel?: (name: string) => string;
}

/** Ten series tell apart (the robot-log chart draws its top 10); the dashboard's four come first. */
const SERIES_COLOURS = ['#22c55e', '#f59e0b', '#3b82f6', '#ef4444', '#8b5cf6', '#14b8a6', '#ec4899', '#64748b', '#a16207', '#0ea5e9'];
const DEFAULT_HEIGHT = 280;
/** Room for the axes' labels only, so a phone's narrow card gives the plot most of its width. */
const CHART_MARGIN = { top: 16, right: 16, bottom: 32, left: 44 };
/** A point alone draws no line: it is marked with a dot this wide instead. */
const LONE_POINT_SIZE = 10;
const pointX = (point: ChartPoint) => point.x;
const pointY = (point: ChartPoint) => point.y;

const countFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
/** The value axis counts: '1,500', '6' rather than '6.0'. */
const countLabel = (value: number | { valueOf(): number }) => countFormat.format(Number(value));

/** Room for one date label on the bottom axis, so a narrow chart shows fewer dates rather than overlapping ones. */
const TICK_SPACING_PX = 72;

function DateAxis() {
  const { width = 0 } = useContext(DataContext);
  return <Axis orientation="bottom" tickFormat={shortDate} numTicks={Math.max(2, Math.floor(width / TICK_SPACING_PX))} />;
}

function capitalized(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

export const seriesColour = (index: number) => SERIES_COLOURS[index % SERIES_COLOURS.length]!;

/** Series of values by day (the contract's ChartData) as lines over a date axis, with a legend and a tooltip per day. */
export function LineChart({ title, chart, width, height = DEFAULT_HEIGHT, seriesLabel = capitalized }: LineChartProps) {
  const datasets = chart.datasets.filter((dataset) => dataset.points.length > 0);
  return (
    <figure className="chart-card__figure">
      {/* visx sizes a chart without a width to a box of its parent's height. */}
      <div className="chart-card__plot" style={{ height }}>
        <XYChart
          height={height}
          width={width}
          margin={CHART_MARGIN}
          xScale={{ type: 'band', paddingInner: 0.3 }}
          yScale={{ type: 'linear', nice: true }}
          accessibilityLabel={`${title} from ${chart.from} to ${chart.to}`}
        >
          <Grid columns={false} numTicks={4} />
          <DateAxis />
          <Axis orientation="left" numTicks={4} tickFormat={countLabel} />
          {datasets.map((dataset, index) => {
            const colour = seriesColour(index);
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
            <li key={dataset.name} title={seriesLabel(dataset.name)}>
              <span className="chart-card__swatch" style={{ background: seriesColour(index) }} aria-hidden="true" />
              {seriesLabel(dataset.name)}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
