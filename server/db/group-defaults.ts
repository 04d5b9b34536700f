import type { SubscribedPlan } from '../../rules/plans';
import { NO_WEEKDAYS } from '../../rules/schedule';
import type { GroupFlags, GroupLimits, GroupSchedule, GroupSettings } from './json-types';

/** The onboarding engagement scan (spec part 1 §9). */
export const DEFAULT_GROUP_SETTINGS: GroupSettings = {
  engagement_sync_lookbehind_by: 'posts',
  engagement_sync_days_back: 10,
  engagement_sync_posts_back: 10,
  engagement_sync_reactions_per_post: 100,
  engagement_sync_comments_per_post: 50,
};

const FREE_LIMITS: GroupLimits = {
  engagement_sync_days_back: 10,
  engagement_sync_posts_back: 10,
  engagement_sync_reactions_per_post: 100,
  engagement_sync_comments_per_post: 50,
};

/** The sync sliders go up to 200 (spec part 2 §5); only paid plans reach it. */
const PAID_LIMITS: GroupLimits = {
  engagement_sync_days_back: 200,
  engagement_sync_posts_back: 200,
  engagement_sync_reactions_per_post: 200,
  engagement_sync_comments_per_post: 200,
};

export const GROUP_LIMITS_BY_PLAN: Record<SubscribedPlan, GroupLimits> = {
  free: FREE_LIMITS,
  monthly: PAID_LIMITS,
  annual: PAID_LIMITS,
  once: PAID_LIMITS,
};

export const DEFAULT_GROUP_FLAGS: GroupFlags = {
  checkbox_payment_terms_accept: false,
  count_payment_error: 0,
};

export const DEFAULT_GROUP_SCHEDULE: GroupSchedule = {
  fetch_group_members: {
    enabled: false,
    scheduled: 'everyDay',
    everyDay: '12:00:00',
    afterJob: null,
    ...NO_WEEKDAYS,
    humanName: 'Sync Members',
  },
  fetch_group_posts: {
    enabled: false,
    scheduled: 'afterJob',
    everyDay: '12:00:00',
    afterJob: 'fetch_group_members',
    ...NO_WEEKDAYS,
    humanName: 'Sync Engagements',
  },
};

export const DEFAULT_USER_FLAGS = { connects_is_enabled: true };
