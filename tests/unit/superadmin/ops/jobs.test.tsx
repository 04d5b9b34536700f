// @vitest-environment jsdom
import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../../src/api/client';
import { FAILED_TASK, FINISHED_RUN, RUNNING_TASK, taskFixture, tasksListFixture } from '../../../../src/features/superadmin/ops/fixtures';
import { JOBS_POLL_MS } from '../../../../src/features/superadmin/ops/jobs';
import type { TasksList } from '../../../../src/features/superadmin/ops/loadOps';
import { useBackgroundJobs } from '../../../../src/features/superadmin/ops/useBackgroundJobs';
import { openAsSupervisor, type SupervisorAnswer } from './supervisorApp';

const COMPLETED_TASK = taskFixture();
const SETTLED = tasksListFixture([FAILED_TASK, COMPLETED_TASK], [FINISHED_RUN]);

const query = (url: URL | undefined) => Object.fromEntries(url?.searchParams ?? []);

/** GET /supervisor/jobs answers `list()`; a retry answers `retry()`. */
function jobsServer(list: () => TasksList, retry?: (id: number) => Response | Promise<Response>): SupervisorAnswer {
  return (server, url, request) => {
    if (url.pathname.endsWith('/supervisor/jobs') && request.method === 'GET') return server.json(list());
    const retried = /\/supervisor\/jobs\/(\d+)\/retry$/.exec(url.pathname);
    if (retried && retry) return retry(Number(retried[1]));
    return undefined;
  };
}

const taskRow = (id: number) => screen.getByText(`#${id}`).closest('tr')!;

afterEach(() => {
  vi.useRealTimers();
});

describe('the background jobs page', () => {
  it('lists the task queue with each status badge (failed danger, anything else but active warning) and the robot runs', async () => {
    openAsSupervisor('/superadmin/sidekiq', jobsServer(() => SETTLED));
    const queue = await screen.findByRole('table', { name: 'Task queue' });
    expect(within(queue).getAllByRole('row')).toHaveLength(3);
    expect(within(taskRow(FAILED_TASK.id)).getByText('Failed').closest('.p-tag')).toHaveClass('p-tag-danger');
    expect(within(taskRow(COMPLETED_TASK.id)).getByText('Completed').closest('.p-tag')).toHaveClass('p-tag-warning');
    expect(within(taskRow(FAILED_TASK.id)).getByText('Match process')).toBeInTheDocument();
    expect(within(taskRow(FAILED_TASK.id)).getByText('The payment provider did not answer.')).toBeInTheDocument();
    const runs = screen.getByRole('table', { name: 'Robot runs' });
    expect(within(runs).getByText('Sync Members')).toBeInTheDocument();
    expect(within(runs).getByRole('link', { name: 'Trail Runners Worldwide' })).toHaveAttribute('href', '/superadmin/groups/3');
    expect(within(screen.getByRole('group', { name: 'Task status' })).getAllByRole('button').map((button) => button.textContent)).toEqual([
      'All2',
      'Queued0',
      'Running0',
      'Failed1',
      'Completed1',
    ]);
  });

  it('offers Retry on failed tasks only', async () => {
    openAsSupervisor('/superadmin/sidekiq', jobsServer(() => SETTLED));
    await screen.findByRole('table', { name: 'Task queue' });
    expect(screen.getAllByRole('button', { name: /^Retry task/ })).toHaveLength(1);
    expect(within(taskRow(FAILED_TASK.id)).getByRole('button', { name: `Retry task #${FAILED_TASK.id}` })).toBeEnabled();
  });

  it('retries a failed task: the button waits while it runs, a success toast, and the list loads again', async () => {
    let release: () => void = () => {};
    let retried = false;
    const app = openAsSupervisor(
      '/superadmin/sidekiq',
      jobsServer(
        () => (retried ? tasksListFixture([{ ...FAILED_TASK, status: 'completed', error: null }, COMPLETED_TASK], [FINISHED_RUN]) : SETTLED),
        async (id) => {
          await new Promise<void>((resolve) => (release = resolve));
          retried = true;
          return new Response(JSON.stringify({ task: { ...FAILED_TASK, id, status: 'pending', error: null } }), { headers: { 'Content-Type': 'application/json' } });
        },
      ),
    );
    await screen.findByRole('table', { name: 'Task queue' });
    const loadsBefore = app.callsTo('/supervisor/jobs').length;
    fireEvent.click(screen.getByRole('button', { name: `Retry task #${FAILED_TASK.id}` }));
    await waitFor(() => expect(screen.getByRole('button', { name: `Retry task #${FAILED_TASK.id}` })).toBeDisabled());
    expect(app.callsTo(`/supervisor/jobs/${FAILED_TASK.id}/retry`)).toHaveLength(1);
    release();
    expect(await screen.findByText(`Task #${FAILED_TASK.id} is queued again.`)).toBeInTheDocument();
    await waitFor(() => expect(app.callsTo('/supervisor/jobs').length).toBeGreaterThan(loadsBefore));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Retry task/ })).not.toBeInTheDocument());
  });

  it("shows the server's reason when it refuses a retry", async () => {
    openAsSupervisor(
      '/superadmin/sidekiq',
      jobsServer(
        () => SETTLED,
        () =>
          new Response(JSON.stringify({ error: { code: 'conflict', message: 'Only failed tasks can be retried.', details: { reason: 'not_failed' } } }), {
            status: 409,
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
    await screen.findByRole('table', { name: 'Task queue' });
    fireEvent.click(screen.getByRole('button', { name: `Retry task #${FAILED_TASK.id}` }));
    expect(await screen.findByText('Only failed tasks can be retried.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: `Retry task #${FAILED_TASK.id}` })).toBeEnabled());
  });

  it('shows one status from the address, back on page 1, and asks the server for it', async () => {
    const app = openAsSupervisor('/superadmin/sidekiq?page=2', jobsServer(() => SETTLED));
    await screen.findByRole('table', { name: 'Task queue' });
    expect(query(app.callsTo('/supervisor/jobs').at(-1))).toEqual({ page: '2', per_page: '25' });
    fireEvent.click(screen.getByRole('button', { name: /^Failed/ }));
    await waitFor(() => expect(app.search()).toBe('?status=failed'));
    expect(app.router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(query(app.callsTo('/supervisor/jobs').at(-1))).toEqual({ status: 'failed', page: '1', per_page: '25' }));
    expect(await screen.findByRole('button', { name: /^Failed/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says when the queue is empty and when it could not be loaded', async () => {
    let failing = false;
    openAsSupervisor('/superadmin/sidekiq', (server, url) => {
      if (!url.pathname.endsWith('/supervisor/jobs')) return undefined;
      return failing ? server.failure(500, 'internal', 'The database is down.') : server.json(tasksListFixture([]));
    });
    expect(await screen.findByText('No tasks in the queue.')).toBeInTheDocument();
    expect(screen.getByText('The robot has not run yet.')).toBeInTheDocument();
    failing = true;
    fireEvent.click(screen.getByRole('button', { name: /^Queued/ }));
    expect(await screen.findByText('The background jobs could not be loaded. The database is down.')).toBeInTheDocument();
  });
});

describe('the background jobs, refreshing themselves', () => {
  function jobsApi(answers: TasksList[]) {
    let calls = 0;
    const fetch = async () => {
      const list = answers[Math.min(calls, answers.length - 1)];
      calls += 1;
      return new Response(JSON.stringify(list), { headers: { 'Content-Type': 'application/json' } });
    };
    return { api: createApiClient({ baseUrl: 'http://xfilter.test/api/v1', fetch }), calls: () => calls };
  }
  const filters = { status: null, page: 1, perPage: 25 };
  const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  it(`asks again every ${JOBS_POLL_MS} ms while a task runs, and stops once nothing is under way`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const server = jobsApi([tasksListFixture([RUNNING_TASK]), tasksListFixture([RUNNING_TASK]), SETTLED]);
    const { result } = renderHook(() => useBackgroundJobs(server.api, filters));
    await elapse(0);
    expect(server.calls()).toBe(1);
    expect(result.current.result).toMatchObject({ kind: 'loaded', data: { counts: { running: 1 } } });
    await elapse(JOBS_POLL_MS - 1);
    expect(server.calls()).toBe(1);
    await elapse(1);
    expect(server.calls()).toBe(2);
    await elapse(JOBS_POLL_MS);
    expect(server.calls()).toBe(3);
    expect(result.current.result).toMatchObject({ kind: 'loaded', data: { counts: { running: 0, failed: 1 } } });
    await elapse(10 * JOBS_POLL_MS);
    expect(server.calls()).toBe(3);
  });

  it('keeps asking while a robot run has not finished, even with no task queued', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const running = tasksListFixture([COMPLETED_TASK], [{ ...FINISHED_RUN, status: 'running', finished_at: null }]);
    const server = jobsApi([running, SETTLED]);
    renderHook(() => useBackgroundJobs(server.api, filters));
    await elapse(0);
    await elapse(JOBS_POLL_MS);
    expect(server.calls()).toBe(2);
    await elapse(3 * JOBS_POLL_MS);
    expect(server.calls()).toBe(2);
  });

  it('stops asking once the page is left', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const server = jobsApi([tasksListFixture([RUNNING_TASK])]);
    const { unmount } = renderHook(() => useBackgroundJobs(server.api, filters));
    await elapse(0);
    unmount();
    await elapse(5 * JOBS_POLL_MS);
    expect(server.calls()).toBe(1);
  });
});
