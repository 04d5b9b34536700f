import { useEffect, useState } from 'react';
import type { ChartData } from './chartData';
import { seriesColour } from './seriesColour';
import './lineChart.css';

type LinePlotModule = typeof import('./LinePlot');

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

const DEFAULT_HEIGHT = 280;

function capitalized(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

let linePlot: LinePlotModule | undefined;
let linePlotLoading: Promise<LinePlotModule> | undefined;

/** Fetches the plot's code once for the whole app; a failed fetch is tried again by the next chart drawn. */
export function loadLinePlot(): Promise<LinePlotModule> {
  linePlotLoading ??= import('./LinePlot').then(
    (module) => (linePlot = module),
    (error: unknown) => {
      linePlotLoading = undefined;
      throw error;
    },
  );
  return linePlotLoading;
}

type PlotState = { kind: 'ready'; module: LinePlotModule } | { kind: 'loading' } | { kind: 'failed' };

/** The plot's code: at once when an earlier chart fetched it, else fetched once the page has painted. */
function useLinePlot(): PlotState {
  const [state, setState] = useState<PlotState>(() => (linePlot ? { kind: 'ready', module: linePlot } : { kind: 'loading' }));
  useEffect(() => {
    if (state.kind !== 'loading') return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A task queued from the next frame runs after that frame's paint: the page shows first.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        loadLinePlot().then(
          (module) => live && setState({ kind: 'ready', module }),
          () => live && setState({ kind: 'failed' }),
        );
      }, 0);
    });
    return () => {
      live = false;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [state.kind]);
  return state;
}

/**
 * Series of values by day (the contract's ChartData) as lines over a date axis, with a legend and a
 * tooltip per day. The figure and its legend paint with the page; the lines come with the plot's
 * code, in a box of the chart's height kept for them, so nothing moves when they arrive.
 */
export function LineChart({ title, chart, width, height = DEFAULT_HEIGHT, seriesLabel = capitalized }: LineChartProps) {
  const datasets = chart.datasets.filter((dataset) => dataset.points.length > 0);
  const plot = useLinePlot();
  return (
    <figure className="chart-card__figure">
      {/* visx sizes a chart without a width to a box of its parent's height. */}
      <div className="chart-card__plot" style={{ height }} aria-busy={plot.kind === 'loading' || undefined}>
        {plot.kind === 'ready' && <plot.module.LinePlot title={title} chart={chart} datasets={datasets} width={width} height={height} seriesLabel={seriesLabel} />}
        {plot.kind === 'failed' && <p className="chart-card__plot-failed">The chart could not be drawn. Reload the page to try again.</p>}
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
