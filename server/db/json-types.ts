import type { components } from '../../src/api/schema';
import type { LookbehindKind } from './enums';

/** Where an unfinished onboarding stands, as the contract's OnboardingProgress. */
export type OnboardingProgress = components['schemas']['OnboardingProgress'];

export interface UserFlags {
  connects_is_enabled?: boolean;
  onboarding_completed?: boolean;
  welcome_page_seen?: boolean;
  robot_training?: boolean;
  /** Absent once onboarding completes or before its first step does. */
  onboarding_progress?: OnboardingProgress;
  /** Counters such as count_share_facebook_{kind}. */
  [counter: `count_share_facebook_${string}`]: number | undefined;
}

export type UserSettings = Record<string, unknown>;

export interface GroupFlags {
  checkbox_payment_terms_accept: boolean;
  count_payment_error: number;
}

export interface GroupSettings {
  engagement_sync_lookbehind_by: LookbehindKind;
  engagement_sync_days_back: number;
  engagement_sync_posts_back: number;
  engagement_sync_reactions_per_post: number;
  engagement_sync_comments_per_post: number;
}

export type GroupLimits = Omit<GroupSettings, 'engagement_sync_lookbehind_by'>;

export type WeekdayTime = string | null;

export interface ScheduledJobConfig {
  enabled: boolean;
  scheduled: 'everyDay' | 'perWeekdays' | 'afterJob';
  everyDay: string;
  afterJob: string | null;
  perWeekdays0: WeekdayTime;
  perWeekdays1: WeekdayTime;
  perWeekdays2: WeekdayTime;
  perWeekdays3: WeekdayTime;
  perWeekdays4: WeekdayTime;
  perWeekdays5: WeekdayTime;
  perWeekdays6: WeekdayTime;
  humanName: string;
}

export interface GroupSchedule {
  fetch_group_members: ScheduledJobConfig;
  fetch_group_posts: ScheduledJobConfig;
}

export interface AuditLogData {
  ip?: string;
  /** Changed field to [old, new]. */
  diff?: Record<string, [unknown, unknown]>;
  [key: string]: unknown;
}
