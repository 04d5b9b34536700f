import type { ScheduledJobConfig } from '../db/json-types';

const DAY_MS = 86_400_000;

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
 * When a scheduled job next runs, in UTC: everyDay at its time; perWeekdays at the next chosen
 * day's time; afterJob as soon as the job it follows has completed since it last ran itself (due
 * then), and not until the followed job completes again otherwise. Null when it will not run.
 */
export function nextRunAt(config: ScheduledJobConfig, now: Date, followed?: FollowedJob): Date | null {
  if (!config.enabled) return null;
  if (config.scheduled === 'everyDay') {
    const today = atTimeOfDay(now, config.everyDay);
    return today > now ? today : new Date(today.getTime() + DAY_MS);
  }
  if (config.scheduled === 'perWeekdays') {
    for (let daysAhead = 0; daysAhead <= 7; daysAhead += 1) {
      const day = new Date(now.getTime() + daysAhead * DAY_MS);
      const time = config[`perWeekdays${day.getUTCDay() as 0 | 1 | 2 | 3 | 4 | 5 | 6}`];
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
