// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MONITOR } from '../../../../src/features/superadmin/ops/fixtures';
import { formatBytes, monitorCharts } from '../../../../src/features/superadmin/ops/monitorFigures';
import { stubResizeObserverForSuite } from '../../../support/resize-observer';
import { openAsSupervisor } from './supervisorApp';

const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).closest('div')!;

describe('the monitor', () => {
  stubResizeObserverForSuite();

  it('shows the system figures: users, groups by plan, members, jobs running, the ingestion rate and the errors of the last hour', async () => {
    openAsSupervisor('/superadmin', (server, url) => (url.pathname.endsWith('/supervisor/monitor') ? server.json(MONITOR) : undefined));
    expect(await screen.findByRole('heading', { name: 'Monitor' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Groups by plan' });
    expect(within(figure('Users')).getByText('1,204')).toBeInTheDocument();
    expect(within(figure('Groups')).getByText('87')).toBeInTheDocument();
    // Plan once is shown as Lifetime (spec part 2 §9).
    expect(within(screen.getByRole('list', { name: 'Groups by plan' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Free 50',
      'Monthly 20',
      'Annual 12',
      'Lifetime 5',
    ]);
    expect(within(figure('Members')).getByText('60,512')).toBeInTheDocument();
    expect(within(figure('Jobs running')).getByText('2')).toBeInTheDocument();
    expect(within(figure('Ingestion rate')).getByText('1,500 / h')).toBeInTheDocument();
    expect(within(figure('Errors last hour')).getByText('6')).toBeInTheDocument();
    expect(within(figure('Errors last hour')).getByRole('link')).toHaveAttribute('href', '/superadmin/robot_logs/browse?level=error');
    expect(within(figure('Background tasks')).getByRole('link')).toHaveAttribute('href', '/superadmin/sidekiq');
  });

  it('draws the last days as charts: users and groups, members ingested, robot errors, posts and engagement', async () => {
    openAsSupervisor('/superadmin/monitor', (server, url) => (url.pathname.endsWith('/supervisor/monitor') ? server.json(MONITOR) : undefined));
    const growth = await screen.findByRole('region', { name: 'Users and groups' });
    const legend = (region: HTMLElement) => within(region).getAllByRole('listitem').map((item) => item.textContent);
    expect(legend(growth)).toEqual(['Users', 'Groups']);
    expect(legend(screen.getByRole('region', { name: 'Members ingested' }))).toEqual(['Members ingested']);
    expect(legend(screen.getByRole('region', { name: 'Robot errors' }))).toEqual(['Errors']);
    expect(legend(screen.getByRole('region', { name: 'Posts and engagement' }))).toEqual(['Posts', 'Reactions', 'Comments']);
  });

  it('says so when there is nothing to chart yet', async () => {
    openAsSupervisor('/superadmin/monitor', (server, url) =>
      url.pathname.endsWith('/supervisor/monitor') ? server.json({ ...MONITOR, history: [], metrics: [] }) : undefined,
    );
    const growth = await screen.findByRole('region', { name: 'Users and groups' });
    expect(within(growth).getByText('No data for chart yet')).toBeInTheDocument();
  });

  it('asks again on Refresh, and says why the figures could not be loaded', async () => {
    let answers = 0;
    const app = openAsSupervisor('/superadmin/monitor', (server, url) => {
      if (!url.pathname.endsWith('/supervisor/monitor')) return undefined;
      answers += 1;
      return answers === 1 ? server.json(MONITOR) : server.failure(500, 'internal', 'The database is down.');
    });
    await screen.findByRole('list', { name: 'Groups by plan' });
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('The figures could not be loaded. The database is down.')).toBeInTheDocument();
    await waitFor(() => expect(app.callsTo('/supervisor/monitor')).toHaveLength(2));
  });
});

describe("the monitor's charts", () => {
  it('follow the days in date order, whatever order they came in, with one series per figure', () => {
    const shuffled = { ...MONITOR, history: [...MONITOR.history].reverse() };
    const charts = monitorCharts(shuffled);
    expect(charts.growth.from).toBe('2026-02-16');
    expect(charts.growth.to).toBe('2026-03-01');
    expect(charts.growth.datasets.map(({ name }) => name)).toEqual(['users', 'groups']);
    expect(charts.growth.datasets[0].points.slice(0, 2)).toEqual([
      { x: '2026-02-16', y: 1180 },
      { x: '2026-02-17', y: 1182 },
    ]);
    expect(charts.errors.datasets[0].points.map(({ y }) => y).slice(0, 5)).toEqual([0, 1, 2, 3, 0]);
    expect(charts.activity.datasets.map(({ name }) => name)).toEqual(['posts', 'reactions', 'comments']);
  });

  it('chart only the totals over all groups, not a group of its own', () => {
    const withGroup = { ...MONITOR, metrics: [...MONITOR.metrics, { ...MONITOR.metrics[0], date: '2026-03-02', group_id: 4, posts: 999 }] };
    expect(monitorCharts(withGroup).activity.datasets[0].points.some(({ y }) => y === 999)).toBe(false);
  });

  it('write a database size as people read it', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(148_897_792)).toBe('142.0 MB');
  });
});
