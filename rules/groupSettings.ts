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

/** The settings the group's plan limits (part 2 §5: the days and posts sliders). */
export const LIMITED_KEYS = ['engagement_sync_days_back', 'engagement_sync_posts_back'] as const satisfies readonly LimitedKey[];

export function isLimitedKey(key: SyncCountKey): key is LimitedKey {
  return (LIMITED_KEYS as readonly SyncCountKey[]).includes(key);
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

/** The settings of a change that go above the group's limit (the server refuses them with 422); none when it fits. */
export function settingsOverLimit(change: Partial<Record<SyncCountKey, number>>, limits: GroupLimits): LimitedKey[] {
  return LIMITED_KEYS.filter((key) => {
    const value = change[key];
    return value !== undefined && exceedsLimit(key, value, limits);
  });
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
