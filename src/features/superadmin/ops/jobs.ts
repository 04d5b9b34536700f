import { everyValueOf } from '../../../../rules/contract';
import { fromSearchParams, type ListQuery } from '../../../../machines/listQuery/query';
import { SCHEDULED_JOB_TITLES } from '../../../../machines/robot/selectors';
import type { ApiClient } from '../../../api/client';
import { failureReason } from '../../../api/failureReason';
import type { operations } from '../../../api/schema';
import type { Loaded, RobotRun, Task, TasksList } from './loadOps';

type JobsQuery = NonNullable<operations['listSupervisorJobs']['parameters']['query']>;
export type TaskStatus = Task['status'];

export const TASK_STATUSES = everyValueOf<TaskStatus>()(['pending', 'running', 'failed', 'completed']);

/** What the page calls each status: a pending task waits in the queue. */
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = { pending: 'Queued', running: 'Running', failed: 'Failed', completed: 'Completed' };

/** What the robot's runs are called, as the schedule names them. */
export const ROBOT_RUN_TITLES: Record<RobotRun['name'], string> = { ...SCHEDULED_JOB_TITLES, remove_group_members: 'Remove Members' };

/** While a task or a robot run is under way the page asks again this often. */
export const JOBS_POLL_MS = 5_000;

export const JOBS_PER_PAGE_OPTIONS = [25, 50, 100] as const;

/** The page's filters in the address: one status or all of them, the page and its size. */
export const JOBS_QUERY_DEFAULTS: ListQuery = { status: '', page: '1', per_page: '25' };

export interface JobsFilters {
  status: TaskStatus | null;
  page: number;
  perPage: number;
}

const positiveInt = (value: string) => (/^\d+$/.test(value) && Number(value) >= 1 ? Number(value) : null);

export function readJobsFilters(query: ListQuery): JobsFilters {
  const read = fromSearchParams(new URLSearchParams(query), JOBS_QUERY_DEFAULTS);
  const perPage = positiveInt(read.per_page);
  return {
    status: (TASK_STATUSES as readonly string[]).includes(read.status) ? (read.status as TaskStatus) : null,
    page: positiveInt(read.page) ?? 1,
    perPage: perPage !== null && (JOBS_PER_PAGE_OPTIONS as readonly number[]).includes(perPage) ? perPage : JOBS_PER_PAGE_OPTIONS[0],
  };
}

function jobsQuery({ status, page, perPage }: JobsFilters): JobsQuery {
  return { ...(status ? { status: [status] } : {}), page, per_page: perPage };
}

/** GET /supervisor/jobs: a page of the task queue (newest first), its counts per status and the latest robot runs. */
export async function loadJobs(api: ApiClient, filters: JobsFilters, signal: AbortSignal): Promise<Loaded<TasksList>> {
  try {
    const { data, error, response } = await api.GET('/supervisor/jobs', { params: { query: jobsQuery(filters) }, signal });
    return data ? { kind: 'loaded', data } : { kind: 'failed', reason: failureReason(error, response) };
  } catch (error) {
    if (signal.aborted) throw error;
    return { kind: 'failed', reason: failureReason(error, undefined) };
  }
}

export type RetryOutcome = { kind: 'queued'; task: Task } | { kind: 'refused'; reason: string };

/** POST /supervisor/jobs/{id}/retry: a failed task queued again, or the server's reason it was not (409 not_failed). */
export async function retryJob(api: ApiClient, taskId: number): Promise<RetryOutcome> {
  try {
    const { data, error, response } = await api.POST('/supervisor/jobs/{id}/retry', { params: { path: { id: taskId } } });
    return data ? { kind: 'queued', task: data.task } : { kind: 'refused', reason: failureReason(error, response) };
  } catch (error) {
    return { kind: 'refused', reason: failureReason(error, undefined) };
  }
}

/** Something is under way (a task queued or running, a robot run not finished): the page keeps asking. */
export function jobsUnderWay(list: TasksList): boolean {
  return list.counts.pending > 0 || list.counts.running > 0 || list.robot_jobs.some((run) => run.finished_at === null);
}

/** Only a failed task can be retried (the server refuses any other with 409 not_failed). */
export const canRetry = (task: Task) => task.status === 'failed';
