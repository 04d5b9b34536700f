// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChartCard } from '../../../src/features/dashboard/ChartCard';
import { activitiesChart } from '../../../src/features/dashboard/fixtures';
import { loadLinePlot } from '../../../src/ui/LineChart';
import { stubResizeObserverForSuite } from '../../support/resize-observer';

/** Each date label of the chart's bottom axis: its text, where its tick is drawn and whether it shows. */
function dateTicks(container: HTMLElement): Array<{ label: string; x: number; shown: boolean }> {
  return [...container.querySelectorAll('.visx-axis-tick')]
    .map((tick) => ({
      label: tick.textContent ?? '',
      x: Number(tick.querySelector('line')!.getAttribute('x1')),
      shown: tick.querySelector('[opacity="0"], [stroke-opacity="0"]') === null,
    }))
    .filter((tick) => /^[A-Z][a-z]{2} \d{1,2}$/.test(tick.label));
}

describe('a dashboard chart', () => {
  stubResizeObserverForSuite();
  // The plot's code is fetched once per app; here it has come before the charts are drawn.
  beforeAll(() => loadLinePlot());
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('draws its date axis where it belongs from the first frame, with no animation to wait for', async () => {
    const { container } = render(
      <ChartCard
        id="activities-chart"
        title="Activities"
        result={{ kind: 'loaded', chart: activitiesChart }}
        range={{ from: activitiesChart.from, to: activitiesChart.to }}
        onFromChange={() => {}}
        onToChange={() => {}}
        onRangeReset={() => {}}
        width={720}
      />,
    );
    expect(screen.getByText('Posts', { selector: 'li' })).toBeInTheDocument();
    const first = dateTicks(container);
    expect(first.length).toBeGreaterThan(2);
    // Shown and spread out in date order across the chart at once: no two labels bunched together.
    expect(first.every((tick) => tick.shown)).toBe(true);
    const gaps = first.slice(1).map((tick, i) => tick.x - first[i]!.x);
    expect(Math.min(...gaps)).toBeGreaterThan(50);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(dateTicks(container)).toEqual(first);
  });

  it('marks a week alone with a dot per series, as a line needs two points', () => {
    const oneWeek = { from: '2026-09-03', to: '2026-11-25', datasets: ['active', 'inactive', 'whitelisted', 'removed'].map((name, i) => ({ name, points: [{ x: '2026-11-23', y: 10 * (i + 1) }] })) };
    const { container } = render(
      <ChartCard
        id="members-chart"
        title="Members"
        result={{ kind: 'loaded', chart: oneWeek }}
        range={{ from: oneWeek.from, to: oneWeek.to }}
        onFromChange={() => {}}
        onToChange={() => {}}
        onRangeReset={() => {}}
        width={720}
      />,
    );
    const dots = [...container.querySelectorAll('.chart-card__plot circle')];
    expect(dots).toHaveLength(4);
    expect(new Set(dots.map((dot) => dot.getAttribute('fill'))).size).toBe(4);
    expect(new Set(dots.map((dot) => dot.getAttribute('cy'))).size).toBe(4);
  });
});
