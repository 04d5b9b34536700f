// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROBOT_LOG_CHART, ROBOT_LOG_GROUPS, ROBOT_LOG_LINES } from '../../../../src/features/superadmin/ops/fixtures';
import { stubResizeObserverForSuite } from '../../../support/resize-observer';
import { SPEC_TEXT_FILTER_DEBOUNCE_MS, SPEC_TO_DATE_DEBOUNCE_MS } from '../../../support/spec-numbers';
import { advance, fakeTimers, untilShown } from '../../app/support/steppedTimers';
import { openAsSupervisor, type SupervisorAnswer } from './supervisorApp';

/** Lines, or their groups when the call groups them; the chart for the chart's call. */
const answerLogs: SupervisorAnswer = (server, url) => {
  if (url.pathname.endsWith('/robot_logs/chart')) return server.json(ROBOT_LOG_CHART);
  if (url.pathname.endsWith('/robot_logs')) return server.json(url.searchParams.has('group_by') ? ROBOT_LOG_GROUPS : ROBOT_LOG_LINES);
  return undefined;
};

const query = (url: URL | undefined) => Object.fromEntries(url?.searchParams ?? []);

afterEach(() => {
  vi.useRealTimers();
});

async function linesShown() {
  return screen.findByRole('table', { name: 'Robot log lines' });
}

describe('the robot logs, browsing', () => {
  it('open at browse from /superadmin/robot_logs and ask for the first 25 lines, newest first', async () => {
    const app = openAsSupervisor('/superadmin/robot_logs', answerLogs);
    const table = await linesShown();
    expect(app.pathname()).toBe('/superadmin/robot_logs/browse');
    expect(query(app.callsTo('/supervisor/robot_logs').at(-1))).toEqual({ page: '1', per_page: '25' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1].textContent)).toEqual(['error', 'warning', 'debug']);
    expect(within(rows[0]).getByText('Members scan failed: The server did not answer.')).toBeInTheDocument();
    // Dates as 'MMM Do YYYY h:mm A' with the UTC time as their tooltip (spec part 2 §9).
    const date = within(rows[0]).getByText(/^Mar 1st 2026 \d{1,2}:09 (AM|PM)$/);
    expect(date).toHaveAttribute('title', '2026-03-01 15:09:00 UTC');
    expect(screen.getByText('3 lines')).toBeInTheDocument();
  });

  it('put a chosen level in the address, back on page 1, replacing the history entry, and ask for it', async () => {
    const app = openAsSupervisor('/superadmin/robot_logs/browse?page=2', answerLogs);
    await linesShown();
    fireEvent.change(screen.getByLabelText('Level'), { target: { value: 'error' } });
    await waitFor(() => expect(app.search()).toBe('?level=error'));
    expect(app.router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(query(app.callsTo('/supervisor/robot_logs').at(-1))).toEqual({ level: 'error', page: '1', per_page: '25' }));
    expect(screen.getByLabelText('Level')).toHaveValue('error');
    fireEvent.change(screen.getByLabelText('Level'), { target: { value: 'all' } });
    await waitFor(() => expect(app.search()).toBe(''));
  });

  it('offer the levels all, error, warning and debug', async () => {
    openAsSupervisor('/superadmin/robot_logs/browse', answerLogs);
    await linesShown();
    expect(within(screen.getByLabelText('Level')).getAllByRole('option').map((option) => option.textContent)).toEqual(['All', 'Error', 'Warning', 'Debug']);
  });

  it('wait for typing in the message box to pause for 1000 ms before filtering', async () => {
    const app = openAsSupervisor('/superadmin/robot_logs/browse', answerLogs);
    await linesShown();
    fakeTimers();
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'time' } });
    await untilShown(() => expect(screen.getByLabelText('Message')).toHaveValue('time'));
    await advance(SPEC_TEXT_FILTER_DEBOUNCE_MS - 100);
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'timeout' } });
    await advance(SPEC_TEXT_FILTER_DEBOUNCE_MS - 1);
    expect(app.search()).toBe('');
    await advance(1);
    vi.useRealTimers();
    await waitFor(() => expect(app.search()).toBe('?message=timeout'));
    await waitFor(() => expect(query(app.callsTo('/supervisor/robot_logs').at(-1)).message).toBe('timeout'));
  });

  it("let the 'to' date settle for 200 ms, and send both dates as YYYY-MM-DD", async () => {
    const app = openAsSupervisor('/superadmin/robot_logs/browse?from=2026-02-20', answerLogs);
    await linesShown();
    fakeTimers();
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-04' } });
    await untilShown(() => expect(screen.getByLabelText('To')).toHaveValue('2026-03-04'));
    await advance(SPEC_TO_DATE_DEBOUNCE_MS - 1);
    expect(app.search()).toBe('?from=2026-02-20');
    await advance(1);
    vi.useRealTimers();
    await waitFor(() => expect(app.search()).toBe('?from=2026-02-20&to=2026-03-04'));
    await waitFor(() => expect(query(app.callsTo('/supervisor/robot_logs').at(-1))).toMatchObject({ from: '2026-02-20', to: '2026-03-04' }));
  });

  it('group the lines by robot version, user or group: the address holds the keys pipe-separated and the table counts each group', async () => {
    const app = openAsSupervisor('/superadmin/robot_logs/browse', answerLogs);
    await linesShown();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Robot version' }));
    await waitFor(() => expect(app.search()).toBe('?group_by=robot_version'));
    const groups = await screen.findByRole('table', { name: 'Robot log groups' });
    expect(within(groups).getAllByRole('row')[1]).toHaveTextContent('2.4.01,520 lines');
    expect(screen.getByText('2 groups')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Group' }));
    await waitFor(() => expect(app.search()).toBe('?group_by=robot_version%7Cgroup_id'));
    await waitFor(() => expect(app.callsTo('/supervisor/robot_logs').at(-1)!.search).toContain('group_by=robot_version|group_id'));
  });

  it('sort by a column from the keyboard, and narrow to one run from its line', async () => {
    const app = openAsSupervisor('/superadmin/robot_logs/browse', answerLogs);
    await linesShown();
    fireEvent.keyDown(screen.getByRole('columnheader', { name: /Level/ }), { key: 'Enter' });
    await waitFor(() => expect(Object.fromEntries(new URLSearchParams(app.search()))).toEqual({ order_by: 'level', order: 'asc' }));
    await waitFor(() => expect(query(app.callsTo('/supervisor/robot_logs').at(-1))).toMatchObject({ order_by: 'level', order: 'asc' }));
    await linesShown();
    fireEvent.click(screen.getAllByRole('button', { name: `Show the lines of run ${ROBOT_LOG_LINES.robot_logs[0].exec_id}` })[0]);
    await waitFor(() => expect(new URLSearchParams(app.search()).get('exec_id')).toBe(ROBOT_LOG_LINES.robot_logs[0].exec_id));
  });

  it('take a group id on Enter, and keep a text that is no id out of the address', async () => {
    const app = openAsSupervisor('/superadmin/robot_logs/browse', answerLogs);
    await linesShown();
    const box = screen.getByLabelText('Group id');
    fireEvent.change(box, { target: { value: 'twelve' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    fireEvent.blur(box);
    expect(app.search()).toBe('');
    fireEvent.change(box, { target: { value: '12' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(app.search()).toBe('?group_id=12'));
    await waitFor(() => expect(query(app.callsTo('/supervisor/robot_logs').at(-1)).group_id).toBe('12'));
  });

  it('clear every filter with Reset', async () => {
    const app = openAsSupervisor('/superadmin/robot_logs/browse?level=error&message=time&group_id=4&robot_version=2.4.0&page=3&per_page=50', answerLogs);
    await linesShown();
    expect(screen.getByLabelText('Message')).toHaveValue('time');
    expect(screen.getByLabelText('Robot versions')).toHaveValue('2.4.0');
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(app.search()).toBe(''));
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(screen.getByLabelText('Group id')).toHaveValue('');
    await waitFor(() => expect(query(app.callsTo('/supervisor/robot_logs').at(-1))).toEqual({ page: '1', per_page: '25' }));
    expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled();
  });

  it('say when no line matches, and why the lines could not be loaded', async () => {
    openAsSupervisor('/superadmin/robot_logs/browse?level=debug', (server, url) =>
      url.searchParams.get('level') === 'debug' ? server.json({ robot_logs: [], groups: [], count: 0 }) : server.failure(500, 'internal', 'The database is down.'),
    );
    expect(await screen.findByText('No robot log lines match these filters.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Level'), { target: { value: 'error' } });
    expect(await screen.findByText('The robot logs could not be loaded. The database is down.')).toBeInTheDocument();
  });
});

describe('the robot logs, charted', () => {
  stubResizeObserverForSuite();

  it('keep the filters when switching to the chart, which asks for lines per day by message', async () => {
    const app = openAsSupervisor('/superadmin/robot_logs/browse?level=error&page=2', answerLogs);
    await linesShown();
    fireEvent.click(screen.getByRole('link', { name: 'Chart' }));
    await waitFor(() => expect(app.pathname()).toBe('/superadmin/robot_logs/chart'));
    expect(app.search()).toBe('?level=error&page=2');
    expect(await screen.findByText('Members scan started', { selector: 'li' })).toBeInTheDocument();
    expect(query(app.callsTo('/supervisor/robot_logs/chart').at(-1))).toEqual({ level: 'error' });
    expect(screen.getByRole('button', { name: 'By message' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('offer series by message, group or user; the choice goes in the address and the call', async () => {
    const app = openAsSupervisor('/superadmin/robot_logs/chart', answerLogs);
    await screen.findByText('Members scan started', { selector: 'li' });
    expect(within(screen.getByRole('group', { name: 'Series' })).getAllByRole('button').map((button) => button.textContent)).toEqual(['By message', 'By group', 'By user']);
    fireEvent.click(screen.getByRole('button', { name: 'By group' }));
    await waitFor(() => expect(app.search()).toBe('?chart_variant=groups'));
    await waitFor(() => expect(query(app.callsTo('/supervisor/robot_logs/chart').at(-1))).toEqual({ chart_variant: 'groups' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'By group' })).toHaveAttribute('aria-pressed', 'true'));
    fireEvent.click(screen.getByRole('link', { name: 'Browse' }));
    await waitFor(() => expect(app.pathname()).toBe('/superadmin/robot_logs/browse'));
    expect(app.search()).toBe('?chart_variant=groups');
  });

  it('say when no line matches the filters', async () => {
    openAsSupervisor('/superadmin/robot_logs/chart', (server) => server.json({ from: '2026-02-24', to: '2026-03-01', datasets: [] }));
    expect(await screen.findByText('No robot log lines match these filters.')).toBeInTheDocument();
  });
});
