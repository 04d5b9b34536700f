import {
  followableJobOf,
  SCHEDULE_DEFAULT_TIME,
  SCHEDULE_MINUTE_STEP,
  WEEKDAY_KEYS,
  type ScheduledJobConfig,
  type ScheduledJobName,
} from '../../rules/groupSettings';

export type RunMode = ScheduledJobConfig['scheduled'];

/** One change the admin makes to a job's schedule (spec part 2 §3, §4). */
export type ScheduleChange =
  | { kind: 'enabled'; enabled: boolean }
  | { kind: 'runs'; scheduled: RunMode }
  | { kind: 'everyDayTime'; time: string }
  /** Sunday is 0. */
  | { kind: 'weekday'; day: number; on: boolean }
  | { kind: 'weekdayTime'; day: number; time: string };

/** The ways a job can run: after another job only where it has one to follow (Sync Engagements after Sync Members). */
export function runModesOf(job: ScheduledJobName): RunMode[] {
  return followableJobOf(job) ? ['everyDay', 'perWeekdays', 'afterJob'] : ['everyDay', 'perWeekdays'];
}

/** The job's config after the change; the same config when the change does not apply to the job. */
export function applyScheduleChange(job: ScheduledJobName, config: ScheduledJobConfig, change: ScheduleChange): ScheduledJobConfig {
  switch (change.kind) {
    case 'enabled':
      return { ...config, enabled: change.enabled };
    case 'runs': {
      if (!runModesOf(job).includes(change.scheduled)) return config;
      return { ...config, scheduled: change.scheduled, afterJob: change.scheduled === 'afterJob' ? followableJobOf(job) : null };
    }
    case 'everyDayTime':
      return { ...config, everyDay: change.time };
    case 'weekday': {
      const key = WEEKDAY_KEYS[change.day];
      // A newly ticked day starts at the default time.
      return key ? { ...config, [key]: change.on ? (config[key] ?? SCHEDULE_DEFAULT_TIME) : null } : config;
    }
    case 'weekdayTime': {
      const key = WEEKDAY_KEYS[change.day];
      return key && config[key] !== null ? { ...config, [key]: change.time } : config;
    }
  }
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** Every time of day a job can run at, HH:MM:00 in 5-minute steps. */
export const SCHEDULE_TIMES: readonly string[] = Array.from({ length: (24 * 60) / SCHEDULE_MINUTE_STEP }, (_, index) => {
  const minutes = index * SCHEDULE_MINUTE_STEP;
  return `${twoDigits(Math.floor(minutes / 60))}:${twoDigits(minutes % 60)}:00`;
});

/** A time as the picker shows it: 14:05 for 14:05:00. */
export function timeLabelOf(time: string): string {
  return time.slice(0, 5);
}
