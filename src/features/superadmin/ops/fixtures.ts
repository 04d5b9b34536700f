import type { components } from '../../../api/schema';
import { addDays } from '../../../ui/calendarDate';
import type { ChartData } from '../../../ui/chartData';
import type { Monitor, RobotLog, Task, TasksList } from './loadOps';

type Schemas = components['schemas'];

export function robotLogFixture(overrides: Partial<RobotLog> = {}): RobotLog {
  return {
    id: 1,
    level: 'debug',
    message: 'Members scan started',
    exec_id: '5f0c2a9be1d34c7a9e2b6f1d0c4a8e73',
    group_id: 3,
    user_id: 7,
    robot_version: '2.4.0',
    data: { command: 'fetch_group_members' },
    created_at: '2026-03-01T15:05:00.000Z',
    ...overrides,
  };
}

/** A members scan that failed, newest first. */
export const ROBOT_LOG_LINES: Schemas['RobotLogsList'] = {
  robot_logs: [
    robotLogFixture({ id: 3, level: 'error', message: 'Members scan failed: The server did not answer.', data: { command: 'fetch_group_members', code: 'failed' }, created_at: '2026-03-01T15:09:00.000Z' }),
    robotLogFixture({ id: 2, level: 'warning', message: 'Rate limited by the network, waiting 30 s', data: null, created_at: '2026-03-01T15:07:00.000Z' }),
    robotLogFixture(),
  ],
  groups: [],
  count: 3,
};

export const ROBOT_LOG_GROUPS: Schemas['RobotLogsList'] = {
  robot_logs: [],
  groups: [
    { robot_version: '2.4.0', count: 1520, last_at: '2026-03-01T15:09:00.000Z' },
    { robot_version: '2.3.1', count: 48, last_at: '2026-02-20T08:00:00.000Z' },
  ],
  count: 2,
};

export const ROBOT_LOG_CHART: ChartData = {
  from: '2026-02-24',
  to: '2026-03-01',
  datasets: [
    { name: 'Members scan started', points: ['2026-02-27', '2026-02-28', '2026-03-01'].map((x, i) => ({ x, y: 4 + i })) },
    { name: 'Members scan failed: The server did not answer.', points: ['2026-02-27', '2026-02-28', '2026-03-01'].map((x, i) => ({ x, y: 2 - i })) },
  ],
};

/** The monitor's 14 days, the last one 2026-03-01. */
const DAYS = Array.from({ length: 14 }, (_, i) => addDays('2026-03-01', i - 13));

export const MONITOR: Monitor = {
  counts: { users: 1204, groups: 87, members: 60512, memberships: 71230, posts: 3100, comments: 12044, reactions: 40210, robot_logs: 5230, audit_logs: 880 },
  groups_by_plan: { free: 50, monthly: 20, annual: 12, once: 5 },
  db_size_bytes: 148_897_792,
  tasks: { pending: 2, running: 1, completed: 40, failed: 3 },
  jobs: { pending: 0, running: 2, completed: 310, failed: 4, stopped: 1 },
  robot_errors_last_hour: 6,
  members_ingested_last_hour: 1500,
  history: DAYS.map((date, i) => ({ date, users: 1180 + 2 * i, groups: 80 + Math.floor(i / 2), members_ingested: 1000 + 100 * (i % 5), robot_errors: i % 4 })),
  metrics: DAYS.map((date, i) => ({
    date,
    group_id: null,
    members_active: 40000,
    members_inactive: 15000,
    members_whitelisted: 500,
    members_removed: 1000 + i,
    posts: 200 + i,
    reactions: 2500 + 10 * i,
    comments: 800 + 5 * i,
  })),
  generated_at: '2026-03-01T15:10:00.000Z',
};

export function taskFixture(overrides: Partial<Task> = {}): Task {
  return {
    id: 41,
    kind: 'match_customers',
    status: 'completed',
    group_id: 3,
    attempts: 1,
    progress: 100,
    run_at: '2026-03-01T14:00:00.000Z',
    started_at: '2026-03-01T14:00:01.000Z',
    finished_at: '2026-03-01T14:02:00.000Z',
    error: null,
    created_at: '2026-03-01T14:00:00.000Z',
    ...overrides,
  };
}

export const FAILED_TASK = taskFixture({ id: 43, status: 'failed', progress: 50, attempts: 2, error: 'The payment provider did not answer.' });
export const RUNNING_TASK = taskFixture({ id: 44, status: 'running', progress: 30, finished_at: null });

export function tasksListFixture(tasks: Task[], robotJobs: TasksList['robot_jobs'] = []): TasksList {
  const counts = { pending: 0, running: 0, completed: 0, failed: 0 };
  for (const task of tasks) counts[task.status] += 1;
  return { tasks, count: tasks.length, counts, robot_jobs: robotJobs };
}

export const FINISHED_RUN: TasksList['robot_jobs'][number] = {
  id: 900,
  name: 'fetch_group_members',
  status: 'completed',
  group_id: 3,
  group_name: 'Trail Runners Worldwide',
  user_id: 7,
  progress: 20412,
  started_at: '2026-03-01T13:00:00.000Z',
  finished_at: '2026-03-01T13:01:10.000Z',
  error: null,
};
