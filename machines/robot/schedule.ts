import { nextRunAt } from '../../rules/schedule';
import type { RobotGroupArgs } from '../../src/robot/protocol';
import type { ScheduledJob } from './actors';

export type ScheduledJobName = ScheduledJob['name'];

/** The scheduled job the robot runs next, by its own clock, and when it worked that out. */
export interface ScheduledRun {
  group: RobotGroupArgs;
  name: ScheduledJobName;
  /** When it is due (ms since the epoch); a job due already is due now. */
  at: number;
  plannedAt: number;
}

/**
 * When each group's job last started (ms since the epoch), keyed `${groupId}:${name}`: at its slot,
 * or later when the robot was busy then. A job runs again only for a slot after that.
 */
export type FiredSlots = Record<string, number>;

/** The longest the robot waits before it looks at the schedule again. */
export const MAX_SCHEDULE_WAIT = 5 * 60_000;

export const firedSlotKey = (run: Pick<ScheduledRun, 'name'> & { groupId: number }) => `${run.groupId}:${run.name}`;

/** What the robot knows when it works out its next run. */
export interface ScheduleView {
  jobs: readonly ScheduledJob[];
  groups: readonly RobotGroupArgs[];
  fired: FiredSlots;
  /** Slots after this moment count; null for a robot that starts watching now. */
  since: number | null;
  now: number;
}

/**
 * When a job next runs by the robot's clock: a time of day after the moment the robot watches
 * from and after its own last start; a job run after another at the server's next_run_at (when the
 * job it follows completed), once for each completion.
 */
function dueAt(job: ScheduledJob, since: number, fired: number | undefined): number | null {
  if (job.config.scheduled === 'afterJob') {
    const at = job.next_run_at === null ? null : Date.parse(job.next_run_at);
    return at === null || (fired !== undefined && at <= fired) ? null : at;
  }
  return nextRunAt(job.config, new Date(Math.max(since, fired ?? since)))?.getTime() ?? null;
}

/**
 * The earliest run among the scheduled jobs of the groups the robot works for (null when none
 * will run), and the moment the robot watches from next: now, unless a run is due already, whose
 * slot must not slip past while the robot is busy or the next poll is on its way.
 */
export function planScheduledRun({ jobs, groups, fired, since, now }: ScheduleView): { run: ScheduledRun | null; since: number } {
  const from = since ?? now;
  let run: ScheduledRun | null = null;
  for (const job of jobs) {
    const group = groups.find((candidate) => candidate.id === job.group_id);
    const at = group ? dueAt(job, from, fired[firedSlotKey({ groupId: job.group_id, name: job.name })]) : null;
    if (group && at !== null && (run === null || at < run.at)) {
      run = { group: { id: group.id, name: group.name, fb_group_id: group.fb_group_id, fb_slug: group.fb_slug }, name: job.name, at, plannedAt: now };
    }
  }
  return { run, since: run !== null && run.at <= now ? from : now };
}

/** When a run starts, for the firedSlots: its slot, or now when it starts late. */
export function firedAt(run: ScheduledRun, now: number): number {
  return Math.max(run.at, now);
}

/** How long the robot waits for the run (at most MAX_SCHEDULE_WAIT, then it looks again). */
export function scheduledWait(run: ScheduledRun | null): number {
  return run === null ? MAX_SCHEDULE_WAIT : Math.min(Math.max(run.at - run.plannedAt, 0), MAX_SCHEDULE_WAIT);
}

/** The run is due once its wait is over (rather than a look again before it). */
export function isDueAfterWait(run: ScheduledRun | null): boolean {
  return run !== null && run.at - run.plannedAt <= MAX_SCHEDULE_WAIT;
}
