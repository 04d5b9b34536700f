import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import {
  SYNC_SLIDER,
  WEEKDAY_KEYS,
  limitOf,
  type EngagementSyncSettings,
  type LimitedKey,
  type ScheduledJobConfig,
  type ScheduledJobName,
  type SyncCountKey,
} from '../../rules/groupSettings';
import type { PaidFeatureRefusal } from '../../rules/plans';
import type { LockReason } from '../../src/ui/LockedOverlay';
import type { settingsMachine, UpgradeOffer } from './machine';
import { runModesOf, type RunMode } from './schedule';

type SettingsSnapshot = SnapshotFrom<typeof settingsMachine>;
export type SettingsActor = ActorRefFrom<typeof settingsMachine>;

export const SETTINGS_TEXTS = {
  syncTitle: 'Engagements Sync Settings',
  scheduleTitle: 'Schedule xFilter Tasks',
  loading: 'Loading the settings…',
  loadFailed: 'The settings could not be loaded.',
  settingSaved: 'The engagements sync settings are saved.',
  settingNotSaved: 'The setting could not be saved.',
  scheduleNotSaved: 'The schedule could not be saved.',
} as const;

export const SLIDER_LABELS: Record<SyncCountKey, string> = {
  engagement_sync_days_back: 'Days back',
  engagement_sync_posts_back: 'Posts back',
  engagement_sync_reactions_per_post: 'Reactions per post',
  engagement_sync_comments_per_post: 'Comments per post',
};

const UNITS: Record<LimitedKey, string> = { engagement_sync_days_back: 'days', engagement_sync_posts_back: 'posts' };

/** The popover's text (spec part 2 §5). */
export function upgradeTextOf({ key, max }: UpgradeOffer): string {
  return `Upgrade to PRO to unlock scanning back up to ${max} ${UNITS[key]}!`;
}

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const RUN_MODE_LABELS: Record<RunMode, string> = {
  everyDay: 'Every day',
  perWeekdays: 'On chosen weekdays',
  afterJob: 'After another job',
};

/** The job's toast once its schedule is saved. */
export function scheduleSavedTextOf(humanName: string): string {
  return `The ${humanName} schedule is saved.`;
}

export interface SyncSlider {
  key: SyncCountKey;
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  /** The plan's cap, where it has one. */
  limit: number | null;
}

export interface WeekdayRow {
  day: number;
  name: string;
  /** null when the job does not run that day. */
  time: string | null;
}

export interface JobSchedule {
  name: ScheduledJobName;
  humanName: string;
  enabled: boolean;
  scheduled: RunMode;
  runModes: { value: RunMode; label: string }[];
  everyDay: string;
  /** The job it runs after, by its name as shown. */
  afterJobName: string | null;
  weekdays: WeekdayRow[];
}

export interface SyncBlock {
  lookbehindBy: EngagementSyncSettings['engagement_sync_lookbehind_by'];
  sliders: SyncSlider[];
  /** The popover of a value put back to the plan's limit: its text, by the slider it points at. */
  upgrade: { key: LimitedKey; text: string } | null;
}

export interface ScheduleBlock {
  /** Why the block is locked (free plan, or a locked group); null when it is open. */
  lock: LockReason | null;
  jobs: JobSchedule[];
}

export type SettingsPage =
  | { kind: 'loading' }
  | { kind: 'loadFailed'; failure: string | null }
  | { kind: 'ready'; saving: boolean; sync: SyncBlock; schedule: ScheduleBlock };

const LOCK_OF: Record<PaidFeatureRefusal, LockReason> = { free_plan: 'freePlan', locked: 'groupLocked' };

/** The lock 'Schedule xFilter Tasks' shows for the group's refusal (spec part 2 §6). */
export function scheduleLockOf(refusal: PaidFeatureRefusal | null): LockReason | null {
  return refusal ? LOCK_OF[refusal] : null;
}

function slidersOf(settings: EngagementSyncSettings, limits: Parameters<typeof limitOf>[1]): SyncSlider[] {
  const reach: SyncCountKey = settings.engagement_sync_lookbehind_by === 'days' ? 'engagement_sync_days_back' : 'engagement_sync_posts_back';
  const keys: SyncCountKey[] = [reach, 'engagement_sync_reactions_per_post', 'engagement_sync_comments_per_post'];
  return keys.map((key) => ({ key, label: SLIDER_LABELS[key], value: settings[key], ...SYNC_SLIDER, limit: limitOf(key, limits) }));
}

function jobOf(name: ScheduledJobName, config: ScheduledJobConfig, humanNames: Record<ScheduledJobName, string>): JobSchedule {
  return {
    name,
    humanName: humanNames[name],
    enabled: config.enabled,
    scheduled: config.scheduled,
    runModes: runModesOf(name).map((value) => ({ value, label: RUN_MODE_LABELS[value] })),
    everyDay: config.everyDay,
    afterJobName: config.afterJob ? humanNames[config.afterJob] : null,
    weekdays: WEEKDAY_KEYS.map((key, day) => ({ day, name: WEEKDAY_NAMES[day], time: config[key] })),
  };
}

const JOB_ORDER: ScheduledJobName[] = ['fetch_group_members', 'fetch_group_posts'];
const FALLBACK_NAMES: Record<ScheduledJobName, string> = { fetch_group_members: 'Sync Members', fetch_group_posts: 'Sync Engagements' };

/** What the settings page's two blocks show for a snapshot of the settings workflow. */
export function settingsPageOf(snapshot: SettingsSnapshot): SettingsPage {
  const { settings, limits, schedule, upgradeOffer, failure, scheduleRefusal } = snapshot.context;
  if (snapshot.matches('loading')) return { kind: 'loading' };
  if (snapshot.matches('loadFailed') || !settings || !limits || !schedule) return { kind: 'loadFailed', failure };
  const humanNames = Object.fromEntries(
    JOB_ORDER.map((name) => [name, schedule[name].humanName || FALLBACK_NAMES[name]]),
  ) as Record<ScheduledJobName, string>;
  return {
    kind: 'ready',
    saving: snapshot.hasTag('saving'),
    sync: {
      lookbehindBy: settings.engagement_sync_lookbehind_by,
      sliders: slidersOf(settings, limits),
      upgrade: upgradeOffer && snapshot.matches({ ready: 'offeringUpgrade' }) ? { key: upgradeOffer.key, text: upgradeTextOf(upgradeOffer) } : null,
    },
    schedule: { lock: scheduleLockOf(scheduleRefusal), jobs: JOB_ORDER.map((name) => jobOf(name, schedule[name], humanNames)) },
  };
}
