import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Link } from 'react-router-dom';
import { pathTo } from '../../../app/routes';
import { DisplayDate } from '../../../ui/DisplayDate';
import { LightTable, type LightColumn } from '../../../ui/LightTable';
import { ListPaginator } from '../../../ui/ListPaginator';
import { SubscriptionBadge } from '../../../ui/SubscriptionBadge';
import { TopLoadingBar } from '../../../ui/TopLoadingBar';
import { JOBS_PER_PAGE_OPTIONS, ROBOT_RUN_TITLES, TASK_STATUSES, TASK_STATUS_LABELS, canRetry, type JobsFilters, type TaskStatus } from './jobs';
import type { Loaded, RobotRun, Task, TasksList } from './loadOps';
import './ops.css';

export interface JobsPageProps {
  filters: JobsFilters;
  /** null until the first answer for these filters. */
  result: Loaded<TasksList> | null;
  /** Newer rows are on their way (other filters, or after a retry). */
  loading: boolean;
  /** The tasks whose retry is being asked for. */
  retrying: ReadonlySet<number>;
  onStatusChange(status: TaskStatus | null): void;
  onPageChange(page: number, perPage: number): void;
  onRetry(task: Task): void;
  zone?: string;
}

/** What the queue's kinds of task do. */
const TASK_KIND_LABELS: Record<string, string> = { match_customers: 'Match process' };

function taskKindLabel(kind: string): string {
  const words = kind.replace(/_/g, ' ');
  return TASK_KIND_LABELS[kind] ?? words.charAt(0).toUpperCase() + words.slice(1);
}

function GroupLink({ id, name }: { id: number | null; name?: string }) {
  if (id === null) return <span className="ops-muted">No group</span>;
  return <Link to={pathTo('superadmin_group', { id: String(id) })}>{name ?? `Group #${id}`}</Link>;
}

function Progress({ percent }: { percent: number }) {
  return (
    <span className="jobs__progress">
      <progress max={100} value={percent} aria-label={`${percent}% done`} />
      <span>{percent}%</span>
    </span>
  );
}

function taskColumns({ retrying, onRetry, zone }: Pick<JobsPageProps, 'retrying' | 'onRetry' | 'zone'>): LightColumn<Task>[] {
  return [
    {
      key: 'task',
      header: 'Task',
      body: (task) => (
        <span className="jobs__task">
          <span className="jobs__title">
            {taskKindLabel(task.kind)} <span className="ops-muted">#{task.id}</span>
          </span>
          <span className="ops-muted jobs__attempts">{`${task.attempts} ${task.attempts === 1 ? 'attempt' : 'attempts'}`}</span>
          {task.error && <span className="jobs__error">{task.error}</span>}
        </span>
      ),
    },
    { key: 'status', header: 'Status', body: (task) => <SubscriptionBadge status={task.status} label={TASK_STATUS_LABELS[task.status]} /> },
    { key: 'group', header: 'Group', body: (task) => <GroupLink id={task.group_id} /> },
    { key: 'progress', header: 'Progress', body: (task) => <Progress percent={task.progress} /> },
    {
      key: 'when',
      header: 'When',
      body: (task) => (
        <span className="jobs__when">
          <span className="ops-muted">{task.finished_at ? 'Ended' : task.started_at ? 'Started' : 'Queued'}</span>
          <DisplayDate iso={task.finished_at ?? task.started_at ?? task.created_at} zone={zone} />
        </span>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      body: (task) =>
        canRetry(task) ? (
          <Button
            type="button"
            label="Retry"
            icon="pi pi-replay"
            size="small"
            aria-label={`Retry task #${task.id}`}
            loading={retrying.has(task.id)}
            disabled={retrying.has(task.id)}
            onClick={() => onRetry(task)}
          />
        ) : null,
    },
  ];
}

function runColumns(zone?: string): LightColumn<RobotRun>[] {
  return [
    {
      key: 'run',
      header: 'Run',
      body: (run) => (
        <span className="jobs__task">
          <span className="jobs__title">{ROBOT_RUN_TITLES[run.name]}</span>
          {run.error && <span className="jobs__error">{run.error}</span>}
        </span>
      ),
    },
    { key: 'status', header: 'Status', body: (run) => <SubscriptionBadge status={run.status} /> },
    { key: 'group', header: 'Group', body: (run) => <GroupLink id={run.group_id} name={run.group_name} /> },
    { key: 'progress', header: 'Done', body: (run) => <span className="jobs__done">{`${run.progress.toLocaleString('en-US')} done`}</span> },
    {
      key: 'when',
      header: 'When',
      body: (run) => (
        <span className="jobs__when">
          <span className="ops-muted">{run.finished_at ? 'Ended' : 'Started'}</span>
          <DisplayDate iso={run.finished_at ?? run.started_at} zone={zone} />
        </span>
      ),
    },
  ];
}

function StatusFilter({ filters, list, onStatusChange }: { filters: JobsFilters; list: TasksList | null; onStatusChange(status: TaskStatus | null): void }) {
  const options: Array<{ status: TaskStatus | null; label: string; count: number | null }> = [
    { status: null, label: 'All', count: list ? TASK_STATUSES.reduce((sum, status) => sum + list.counts[status], 0) : null },
    ...TASK_STATUSES.map((status) => ({ status, label: TASK_STATUS_LABELS[status], count: list ? list.counts[status] : null })),
  ];
  return (
    <div className="ops-toggle jobs__statuses" role="group" aria-label="Task status">
      {options.map(({ status, label, count }) => {
        const chosen = filters.status === status;
        return (
          <button
            key={label}
            type="button"
            className={chosen ? 'p-button p-component p-button-sm' : 'p-button p-component p-button-sm p-button-outlined'}
            aria-pressed={chosen}
            onClick={() => !chosen && onStatusChange(status)}
          >
            {label}
            {count !== null && <span className="jobs__count">{count.toLocaleString('en-US')}</span>}
          </button>
        );
      })}
    </div>
  );
}

/**
 * The background tasks (the match processes and other queued work) and the robot's latest runs,
 * scheduled or started from a page: queued, running, failed with a Retry, completed.
 */
export function JobsPage(props: JobsPageProps) {
  const { filters, result, loading, onStatusChange, onPageChange, zone } = props;
  const list = result?.kind === 'loaded' ? result.data : null;
  return (
    <section className="ops-page jobs" aria-labelledby="jobs-title">
      <TopLoadingBar active={loading} />
      <header className="ops-page__header">
        <h1 id="jobs-title">Background jobs</h1>
        <p className="ops-muted">The match processes and the robot's runs. The page refreshes itself while any is under way.</p>
      </header>
      <StatusFilter filters={filters} list={list} onStatusChange={onStatusChange} />
      {!result ? (
        <div className="ops-status" role="status">
          <span className="pi pi-spin pi-spinner" aria-hidden="true" /> Loading the background jobs…
        </div>
      ) : result.kind === 'failed' ? (
        <Message severity="error" text={`The background jobs could not be loaded. ${result.reason}`} />
      ) : (
        <>
          <section className="jobs__section" aria-labelledby="jobs-tasks-title">
            <h2 id="jobs-tasks-title">Task queue</h2>
            <div className="jobs__tasks">
              <LightTable
                rows={result.data.tasks}
                rowKey={(task) => task.id}
                columns={taskColumns(props)}
                loading={false}
                emptyMessage={filters.status ? `No ${TASK_STATUS_LABELS[filters.status].toLowerCase()} tasks.` : 'No tasks in the queue.'}
                ariaLabel="Task queue"
              />
            </div>
            <ListPaginator
              className="ops-paginator"
              page={filters.page}
              perPage={filters.perPage}
              total={result.data.count}
              perPageOptions={JOBS_PER_PAGE_OPTIONS}
              onPageChange={onPageChange}
            />
          </section>
          <section className="jobs__section" aria-labelledby="jobs-runs-title">
            <h2 id="jobs-runs-title">Robot runs</h2>
            <div className="jobs__runs">
              <LightTable rows={result.data.robot_jobs} rowKey={(run) => run.id} columns={runColumns(zone)} loading={false} emptyMessage="The robot has not run yet." ariaLabel="Robot runs" />
            </div>
          </section>
        </>
      )}
    </section>
  );
}
