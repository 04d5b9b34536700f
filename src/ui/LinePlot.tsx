import { useContext } from 'react';
import { Axis, DataContext, GlyphSeries, Grid, LineSeries, Tooltip, XYChart } from '@visx/xychart';
import { shortDate } from './calendarDate';
import type { ChartData } from './chartData';
import { seriesColour } from './seriesColour';

type ChartPoint = ChartData['datasets'][number]['points'][number];

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

export interface LinePlotProps {
  title: string;
  chart: ChartData;
  /** The series with points, in the legend's order. */
  datasets: ChartData['datasets'];
  width?: number;
  height: number;
  seriesLabel(name: string): string;
}

/**
 * The lines of a LineChart over its date axis, with a tooltip per day: the chart's heavy part
 * (visx and d3), in a chunk of its own that the page fetches once it has painted.
 */
export function LinePlot({ title, chart, datasets, width, height, seriesLabel }: LinePlotProps) {
  return (
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
  );
}
