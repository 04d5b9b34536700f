import type { Schemas } from './contract';

const DAY_MS = 86_400_000;

type ScheduledJobConfig = Schemas['ScheduledJobConfig'];
type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** A schedule that names no weekday: every perWeekdays time unset. */
export const NO_WEEKDAYS = {
  perWeekdays0: null,
  perWeekdays1: null,
  perWeekdays2: null,
  perWeekdays3: null,
  perWeekdays4: null,
  perWeekdays5: null,
  perWeekdays6: null,
} as const satisfies Pick<ScheduledJobConfig, `perWeekdays${Weekday}`>;

/** What a schedule's time of day depends on: whether it runs and when (spec part 2 §3 Scheduled job config). */
export type ScheduleTimes = Pick<ScheduledJobConfig, 'enabled' | 'scheduled' | 'everyDay' | `perWeekdays${Weekday}`>;

/** What is known of the job a job scheduled afterJob follows. */
export interface FollowedJob {
  /** When it last completed; null when it never has. */
  lastCompletedAt: Date | null;
  /** When the following job last started; null when it never has. */
  followerLastStartedAt: Date | null;
}

function atTimeOfDay(day: Date, time: string): Date {
  const [hours, minutes, seconds] = time.split(':').map(Number);
  return new Date(Math.floor(day.getTime() / DAY_MS) * DAY_MS + ((hours! * 60 + minutes!) * 60 + (seconds ?? 0)) * 1000);
}

/**
 * When a scheduled job next runs, in UTC (spec part 2 §4 Scheduling): everyDay at its time;
 * perWeekdays at the next chosen day's time; afterJob as soon as the job it follows has completed
 * since it last ran itself (due then), and not until the followed job completes again otherwise.
 * A time of day is always later than `now`. Null when it will not run.
 */
export function nextRunAt(config: ScheduleTimes, now: Date, followed?: FollowedJob): Date | null {
  if (!config.enabled) return null;
  if (config.scheduled === 'everyDay') {
    const today = atTimeOfDay(now, config.everyDay);
    return today > now ? today : new Date(today.getTime() + DAY_MS);
  }
  if (config.scheduled === 'perWeekdays') {
    for (let daysAhead = 0; daysAhead <= 7; daysAhead += 1) {
      const day = new Date(now.getTime() + daysAhead * DAY_MS);
      const time = config[`perWeekdays${day.getUTCDay() as Weekday}`];
      if (time === null) continue;
      const candidate = atTimeOfDay(day, time);
      if (candidate > now) return candidate;
    }
    return null;
  }
  const completed = followed?.lastCompletedAt ?? null;
  if (completed === null) return null;
  const ranSince = followed?.followerLastStartedAt != null && followed.followerLastStartedAt >= completed;
  return ranSince ? null : completed;
}
