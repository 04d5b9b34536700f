import type { GroupSchedule, LoadAnswer, ScheduleAnswer, SettingAnswer } from '../../../machines/settings/actors';
import { SCHEDULE_DEFAULT_TIME, type EngagementSyncSettings, type GroupLimits, type ScheduledJobConfig } from '../../../rules/groupSettings';

export const SETTINGS_GROUP_ID = 3;
export const PURCHASE_PATH = '/1402385749123001/purchase';

/** The plans' limits as the contract states them: free 10 days and 10 posts, paid 200. */
export const FREE_LIMITS: GroupLimits = { engagement_sync_days_back: 10, engagement_sync_posts_back: 10 };
export const PAID_LIMITS: GroupLimits = { engagement_sync_days_back: 200, engagement_sync_posts_back: 200 };

/** The onboarding scan's settings (part 1 §9), and days back left at a week. */
export const SYNC_SETTINGS: EngagementSyncSettings = {
  engagement_sync_lookbehind_by: 'posts',
  engagement_sync_days_back: 7,
  engagement_sync_posts_back: 10,
  engagement_sync_reactions_per_post: 100,
  engagement_sync_comments_per_post: 50,
};

const noWeekdays = { perWeekdays0: null, perWeekdays1: null, perWeekdays2: null, perWeekdays3: null, perWeekdays4: null, perWeekdays5: null, perWeekdays6: null };

const job = (humanName: string, config: Partial<ScheduledJobConfig>): ScheduledJobConfig => ({
  enabled: true,
  scheduled: 'everyDay',
  everyDay: SCHEDULE_DEFAULT_TIME,
  afterJob: null,
  ...noWeekdays,
  humanName,
  ...config,
});

/** Sync Members every day at 06:30 UTC, Sync Engagements after it. */
export const SCHEDULE: GroupSchedule = {
  fetch_group_members: job('Sync Members', { everyDay: '06:30:00' }),
  fetch_group_posts: job('Sync Engagements', { scheduled: 'afterJob', afterJob: 'fetch_group_members' }),
};

/** The settings workflow's server answers, by name: the stories and the model test share them. */
export const SETTINGS_ANSWERS = {
  loadSettings: {
    paidGroup: { kind: 'loaded', settings: SYNC_SETTINGS, limits: PAID_LIMITS, schedule: SCHEDULE },
    freeGroup: { kind: 'loaded', settings: SYNC_SETTINGS, limits: FREE_LIMITS, schedule: SCHEDULE },
    failed: { kind: 'failed', message: 'The server did not answer.' },
  } satisfies Record<string, LoadAnswer>,
  saveSetting: {
    savedPaid: { kind: 'saved', limits: PAID_LIMITS },
    savedFree: { kind: 'saved', limits: FREE_LIMITS },
    limitExceeded: { kind: 'limitExceeded', limits: FREE_LIMITS, message: 'The plan allows at most 10 posts back.' },
    failed: { kind: 'failed', message: 'The server did not answer.' },
  } satisfies Record<string, SettingAnswer>,
  saveSchedule: {
    saved: { kind: 'saved' },
    refused: { kind: 'failed', message: 'Scheduling needs a paid plan.' },
  } satisfies Record<string, ScheduleAnswer>,
};
