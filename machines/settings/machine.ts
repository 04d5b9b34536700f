import { assertEvent, assign, emit, raise, setup } from 'xstate';
import type { ApiClient } from '../../src/api/client';
import {
  exceedsLimit,
  limitOf,
  type EngagementSyncSettings,
  type GroupLimits,
  type LimitedKey,
  type ScheduledJobName,
  type SyncCountKey,
} from '../../rules/groupSettings';
import type { PaidFeatureRefusal } from '../../rules/plans';
import {
  loadSettings,
  saveSchedule,
  saveSetting,
  type EngagementSyncSettingsPatch,
  type GroupSchedule,
  type LoadAnswer,
  type ScheduleAnswer,
  type SettingAnswer,
} from './actors';
import { applyScheduleChange, type ScheduleChange } from './schedule';

export interface SettingsInput {
  api: ApiClient;
  groupId: number;
  /** Why 'Schedule xFilter Tasks' is closed to the group (free or locked, spec part 2 §6); null when it is open. */
  scheduleRefusal: PaidFeatureRefusal | null;
}

/** One key per change (spec part 2 §7). */
export type SettingChange =
  | { key: 'engagement_sync_lookbehind_by'; value: EngagementSyncSettings['engagement_sync_lookbehind_by'] }
  | { key: SyncCountKey; value: number };

/** The popover of a value put back to the plan's limit: which setting, and how far the plan reaches. */
export interface UpgradeOffer {
  key: LimitedKey;
  max: number;
}

export interface SettingsContext extends SettingsInput {
  /** What the page shows: the saved settings, with the change being saved. */
  settings: EngagementSyncSettings | null;
  /** The settings as the server has them, to go back to when a save fails. */
  savedSettings: EngagementSyncSettings | null;
  limits: GroupLimits | null;
  schedule: GroupSchedule | null;
  savedSchedule: GroupSchedule | null;
  /** The one key being saved. */
  settingPatch: EngagementSyncSettingsPatch | null;
  /** The job whose config is being saved. */
  savingJob: ScheduledJobName | null;
  upgradeOffer: UpgradeOffer | null;
  /** Why the page could not be loaded. */
  failure: string | null;
}

export type SettingsEvent =
  | { type: 'settings.retry' }
  | { type: 'setting.change'; change: SettingChange }
  | { type: 'upgrade.dismissed' }
  | { type: 'schedule.change'; job: ScheduledJobName; change: ScheduleChange };

/** Told to the page after each save: it toasts, and a saved schedule tells the robot. */
export type SettingsEmitted =
  | { type: 'setting.saved' }
  | { type: 'setting.saveFailed'; message: string }
  | { type: 'schedule.saved'; job: ScheduledJobName }
  | { type: 'schedule.saveFailed'; message: string };

const valueOf = (settings: EngagementSyncSettings | null, change: SettingChange) => settings?.[change.key];

/** The change, once a value above the plan's limit is put back to the limit. */
function withinLimit(change: SettingChange, limits: GroupLimits | null): SettingChange {
  if (change.key === 'engagement_sync_lookbehind_by' || !limits) return change;
  const limit = limitOf(change.key, limits);
  return limit !== null && change.value > limit ? { key: change.key, value: limit } : change;
}

function patchOf(change: SettingChange): EngagementSyncSettingsPatch {
  return { [change.key]: change.value };
}

function sentKeyOf(patch: EngagementSyncSettingsPatch | null): SettingChange | null {
  const [entry] = Object.entries(patch ?? {});
  return entry ? ({ key: entry[0], value: entry[1] } as SettingChange) : null;
}

/** The change would save nothing: the value (once within the limit) is the one saved. */
const savesNothing = (context: SettingsContext, change: SettingChange) =>
  valueOf(context.savedSettings, withinLimit(change, context.limits)) === withinLimit(change, context.limits).value;

const isAboveLimit = (context: SettingsContext, change: SettingChange) =>
  change.key !== 'engagement_sync_lookbehind_by' && context.limits !== null && exceedsLimit(change.key, change.value, context.limits);

const changeHandlers = {
  'setting.change': [
    // At the limit already: nothing to save, the popover says why it stops there.
    { guard: 'isAboveLimitAlreadySaved', target: 'offeringUpgrade', actions: ['offerUpgrade', 'showSavedSettings'] },
    // Let go where it was: nothing to save.
    { guard: 'savesNothing', target: 'idle' },
    { guard: 'isAboveLimit', target: 'savingSetting', actions: ['offerUpgrade', 'showChangeWithinLimit'] },
    { target: 'savingSetting', actions: 'showChangeWithinLimit' },
  ],
  'schedule.change': { guard: 'changesSchedule', target: 'savingSchedule', actions: ['forgetUpgradeOffer', 'showScheduleChange'] },
} as const;

/**
 * The settings page's 'Engagements Sync Settings' and 'Schedule xFilter Tasks' (spec part 2 §2–§7).
 * Each slider or switch saves its one key at once (POST /groups/{id}/settings); a value above the
 * plan's limit (days or posts back) is put back to the limit and saved so, and a popover offers the
 * upgrade; a 422 limit_exceeded does the same with the server's limits. Each schedule change saves
 * the job's config (PUT /groups/{id}/schedule), unless scheduling is closed to the group. A failed
 * save puts back what was saved and says why.
 */
export const settingsMachine = setup({
  types: {
    context: {} as SettingsContext,
    events: {} as SettingsEvent,
    input: {} as SettingsInput,
    emitted: {} as SettingsEmitted,
  },
  actors: { loadSettings, saveSetting, saveSchedule },
  guards: {
    isLoadFailed: (_, answer: LoadAnswer) => answer.kind === 'failed',
    isSettingSaved: (_, answer: SettingAnswer) => answer.kind === 'saved',
    isScheduleSaved: (_, answer: ScheduleAnswer) => answer.kind === 'saved',
    isSavedWithUpgradeOffer: ({ context }, answer: SettingAnswer) => answer.kind === 'saved' && context.upgradeOffer !== null,
    /** A 422 whose limits the value sent is above: sending the limit instead can succeed. */
    isSentAboveServerLimit: ({ context }, answer: SettingAnswer) => {
      const sent = sentKeyOf(context.settingPatch);
      return answer.kind === 'limitExceeded' && sent !== null && sent.key !== 'engagement_sync_lookbehind_by' && exceedsLimit(sent.key, sent.value, answer.limits);
    },
    isAboveLimit: ({ context, event }) => {
      assertEvent(event, 'setting.change');
      return isAboveLimit(context, event.change);
    },
    isAboveLimitAlreadySaved: ({ context, event }) => {
      assertEvent(event, 'setting.change');
      return isAboveLimit(context, event.change) && savesNothing(context, event.change);
    },
    savesNothing: ({ context, event }) => {
      assertEvent(event, 'setting.change');
      return savesNothing(context, event.change);
    },
    changesSchedule: ({ context, event }) => {
      assertEvent(event, 'schedule.change');
      if (context.scheduleRefusal || !context.schedule) return false;
      const config = context.schedule[event.job];
      return JSON.stringify(applyScheduleChange(event.job, config, event.change)) !== JSON.stringify(config);
    },
  },
  actions: {
    rememberLoaded: assign((_, answer: LoadAnswer) =>
      answer.kind === 'loaded'
        ? { settings: answer.settings, savedSettings: answer.settings, limits: answer.limits, schedule: answer.schedule, savedSchedule: answer.schedule, failure: null }
        : {},
    ),
    rememberFailure: assign((_, answer: LoadAnswer) => ({ failure: answer.kind === 'failed' ? answer.message : null })),
    forgetFailure: assign({ failure: null }),
    offerUpgrade: assign(({ context, event }) => {
      assertEvent(event, 'setting.change');
      const { key } = event.change;
      if (key !== 'engagement_sync_days_back' && key !== 'engagement_sync_posts_back') return {};
      return { upgradeOffer: { key, max: context.limits![key] } };
    }),
    forgetUpgradeOffer: assign({ upgradeOffer: null }),
    showSavedSettings: assign(({ context }) => ({ settings: context.savedSettings, settingPatch: null })),
    showChangeWithinLimit: assign(({ context, event }) => {
      assertEvent(event, 'setting.change');
      const change = withinLimit(event.change, context.limits);
      return { settings: { ...context.savedSettings!, ...patchOf(change) } as EngagementSyncSettings, settingPatch: patchOf(change) };
    }),
    /** A 422: the server's limits are the group's now, and the settings are as saved until the change is made again under them. */
    adoptServerLimits: assign(({ context }, answer: SettingAnswer) => ({
      limits: answer.kind === 'limitExceeded' ? answer.limits : context.limits,
      settings: context.savedSettings,
      settingPatch: null,
      upgradeOffer: null,
    })),
    changeAgain: raise(({ context }) => ({ type: 'setting.change' as const, change: sentKeyOf(context.settingPatch)! })),
    /** A change while the popover shows closes it and is made as from idle. */
    changeFromIdle: raise(({ event }) => {
      assertEvent(event, 'setting.change');
      return event;
    }),
    settingSaved: assign(({ context }, answer: SettingAnswer) => ({
      savedSettings: context.settings,
      limits: answer.kind === 'saved' ? answer.limits : context.limits,
      settingPatch: null,
    })),
    revertSettings: assign(({ context }) => ({ settings: context.savedSettings, settingPatch: null, upgradeOffer: null })),
    showScheduleChange: assign(({ context, event }) => {
      assertEvent(event, 'schedule.change');
      const schedule = context.schedule!;
      return { schedule: { ...schedule, [event.job]: applyScheduleChange(event.job, schedule[event.job], event.change) }, savingJob: event.job };
    }),
    scheduleSaved: assign(({ context }) => ({ savedSchedule: context.schedule, savingJob: null })),
    revertSchedule: assign(({ context }) => ({ schedule: context.savedSchedule, savingJob: null })),
    tellSettingSaved: emit({ type: 'setting.saved' as const }),
    tellSettingFailed: emit((_, answer: SettingAnswer) => ({ type: 'setting.saveFailed' as const, message: 'message' in answer ? answer.message : '' })),
    tellScheduleSaved: emit(({ context }) => ({ type: 'schedule.saved' as const, job: context.savingJob! })),
    tellScheduleFailed: emit((_, answer: ScheduleAnswer) => ({ type: 'schedule.saveFailed' as const, message: 'message' in answer ? answer.message : '' })),
  },
}).createMachine({
  id: 'settings',
  context: ({ input }) => ({
    ...input,
    settings: null,
    savedSettings: null,
    limits: null,
    schedule: null,
    savedSchedule: null,
    settingPatch: null,
    savingJob: null,
    upgradeOffer: null,
    failure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      entry: 'forgetFailure',
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        input: ({ context }) => ({ api: context.api, groupId: context.groupId }),
        onDone: [
          {
            guard: { type: 'isLoadFailed', params: ({ event }) => event.output },
            target: 'loadFailed',
            actions: { type: 'rememberFailure', params: ({ event }) => event.output },
          },
          { target: 'ready', actions: { type: 'rememberLoaded', params: ({ event }) => event.output } },
        ],
      },
    },
    loadFailed: {
      on: { 'settings.retry': 'loading' },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: changeHandlers,
        },
        offeringUpgrade: {
          on: {
            'setting.change': { target: 'idle', actions: ['forgetUpgradeOffer', 'changeFromIdle'] },
            'schedule.change': changeHandlers['schedule.change'],
            'upgrade.dismissed': { target: 'idle', actions: 'forgetUpgradeOffer' },
          },
        },
        savingSetting: {
          tags: 'saving',
          invoke: {
            id: 'saveSetting',
            src: 'saveSetting',
            input: ({ context }) => ({ api: context.api, groupId: context.groupId, patch: context.settingPatch! }),
            onDone: [
              {
                guard: { type: 'isSavedWithUpgradeOffer', params: ({ event }) => event.output },
                target: 'offeringUpgrade',
                actions: [{ type: 'settingSaved', params: ({ event }) => event.output }, 'tellSettingSaved'],
              },
              {
                guard: { type: 'isSettingSaved', params: ({ event }) => event.output },
                target: 'idle',
                actions: [{ type: 'settingSaved', params: ({ event }) => event.output }, 'tellSettingSaved'],
              },
              // The server's limit is below the value sent: the change is made again under it.
              {
                guard: { type: 'isSentAboveServerLimit', params: ({ event }) => event.output },
                target: 'idle',
                actions: ['changeAgain', { type: 'adoptServerLimits', params: ({ event }) => event.output }],
              },
              { target: 'idle', actions: ['revertSettings', { type: 'tellSettingFailed', params: ({ event }) => event.output }] },
            ],
          },
        },
        savingSchedule: {
          tags: 'saving',
          invoke: {
            id: 'saveSchedule',
            src: 'saveSchedule',
            input: ({ context }) => ({
              api: context.api,
              groupId: context.groupId,
              job: context.savingJob!,
              config: context.schedule![context.savingJob!],
            }),
            onDone: [
              {
                guard: { type: 'isScheduleSaved', params: ({ event }) => event.output },
                target: 'idle',
                actions: ['tellScheduleSaved', 'scheduleSaved'],
              },
              { target: 'idle', actions: ['revertSchedule', { type: 'tellScheduleFailed', params: ({ event }) => event.output }] },
            ],
          },
        },
      },
    },
  },
});
