import type { Schemas } from './contract';

export type EngagementSyncSettings = Schemas['EngagementSyncSettings'];
export type GroupLimits = Schemas['GroupLimits'];
export type ScheduledJobConfig = Schemas['ScheduledJobConfig'];
export type ScheduledJobName = keyof Schemas['GroupSchedule'];

/** The sync sliders' range (spec part 2 §5, §9): 1 to 200, step 1. */
export const SYNC_SLIDER = { min: 1, max: 200, step: 1 } as const;

/** The settings a slider sets; how far back syncing reaches is capped by the group's plan. */
export type SyncCountKey = Exclude<keyof EngagementSyncSettings, 'engagement_sync_lookbehind_by'>;
export type LimitedKey = keyof GroupLimits;

export function isLimitedKey(key: SyncCountKey): key is LimitedKey {
  return key === 'engagement_sync_days_back' || key === 'engagement_sync_posts_back';
}

/** The plan's cap on a setting, if it has one (reactions and comments per post have none). */
export function limitOf(key: SyncCountKey, limits: GroupLimits): number | null {
  return isLimitedKey(key) ? limits[key] : null;
}

/** A value above the group's limit is reset to the limit (spec part 2 §5). */
export function exceedsLimit(key: SyncCountKey, value: number, limits: GroupLimits): boolean {
  const limit = limitOf(key, limits);
  return limit !== null && value > limit;
}

/** A scheduled job's default time of day (spec part 2 §3, §9); times are UTC. */
export const SCHEDULE_DEFAULT_TIME = '12:00:00';
/** The schedule's time step (spec part 2 §5, §9). */
export const SCHEDULE_MINUTE_STEP = 5;

export const WEEKDAY_KEYS = ['perWeekdays0', 'perWeekdays1', 'perWeekdays2', 'perWeekdays3', 'perWeekdays4', 'perWeekdays5', 'perWeekdays6'] as const;
export type WeekdayKey = (typeof WEEKDAY_KEYS)[number];

/** The job a job may run after (spec part 2 §4): only Sync Engagements, after Sync Members. */
export function followableJobOf(job: ScheduledJobName): ScheduledJobName | null {
  return job === 'fetch_group_posts' ? 'fetch_group_members' : null;
}
