// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activitiesChart } from '../../../src/features/dashboard/fixtures';
import { stubResizeObserverForSuite } from '../../support/resize-observer';

describe('a line chart', () => {
  stubResizeObserverForSuite();
  // The plot's code is fetched once per page: each test's chart module comes fresh, as on a page no chart has drawn on yet.
  let LineChart: typeof import('../../../src/ui/LineChart').LineChart;
  let loadLinePlot: typeof import('../../../src/ui/LineChart').loadLinePlot;
  beforeEach(async () => {
    vi.resetModules();
    ({ LineChart, loadLinePlot } = await import('../../../src/ui/LineChart'));
  });
  afterEach(() => vi.useRealTimers());

  it("paints its legend with the page and keeps the plot's box until the plot's code has come, then draws the lines in it", async () => {
    // The frames and tasks run on a simulated clock; only the chunk's import is real.
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'] });
    const { container } = render(<LineChart title="Activities" chart={activitiesChart} width={720} height={280} />);
    const box = container.querySelector<HTMLElement>('.chart-card__plot')!;
    // The legend is there from the first frame, and the box already has the chart's height.
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(activitiesChart.datasets.map((dataset) => dataset.name.charAt(0).toUpperCase() + dataset.name.slice(1)));
    expect(box.style.height).toBe('280px');
    expect(box.getAttribute('aria-busy')).toBe('true');
    expect(box.querySelector('svg')).toBeNull();

    // Fetched, it waits for the page's next paint before the lines are drawn.
    await act(() => loadLinePlot());
    expect(box.querySelector('svg')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(box.querySelectorAll('.visx-axis-tick').length).toBeGreaterThan(2);
    expect(box.isConnected).toBe(true);
    expect(box.style.height).toBe('280px');
    expect(box.hasAttribute('aria-busy')).toBe(false);
    expect(box.querySelectorAll('path').length).toBe(activitiesChart.datasets.length);
  });

  it('draws a chart at once when an earlier chart has fetched the code', async () => {
    await loadLinePlot();
    const { container } = render(<LineChart title="Members" chart={activitiesChart} width={720} />);
    expect(container.querySelector('.chart-card__plot svg')).not.toBeNull();
  });
});
