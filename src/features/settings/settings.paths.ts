import { answering, type MachineStories } from '../../../.storybook/machineStories';
import { unreachableApi } from '../../../.storybook/storyRobot';
import { settingsMachine, type SettingsEvent } from '../../../machines/settings/machine';
import { SETTINGS_ANSWERS, SETTINGS_GROUP_ID } from './fixtures';

const { loadSettings, saveSetting, saveSchedule } = SETTINGS_ANSWERS;

const events: SettingsEvent[] = [
  { type: 'settings.retry' },
  { type: 'setting.change', change: { key: 'engagement_sync_posts_back', value: 50 } },
  { type: 'setting.change', change: { key: 'engagement_sync_lookbehind_by', value: 'days' } },
  { type: 'upgrade.dismissed' },
  { type: 'schedule.change', job: 'fetch_group_members', change: { kind: 'runs', scheduled: 'perWeekdays' } },
];

/**
 * The settings page's reachable states: a paid group's sync settings and schedule, each saved at
 * once; a further world on the free plan, whose schedule is locked and whose 50 posts back are put
 * back to its 10 with the upgrade popover.
 */
export const settingsStories: MachineStories<typeof settingsMachine> = {
  machine: settingsMachine,
  input: { api: unreachableApi, groupId: SETTINGS_GROUP_ID, scheduleRefusal: null },
  events,
  outcomes: {
    loadSettings: answering({ paidGroup: loadSettings.paidGroup, failed: loadSettings.failed }),
    saveSetting: answering({ savedPaid: saveSetting.savedPaid, failed: saveSetting.failed }),
    saveSchedule: answering(saveSchedule),
  },
  worlds: {
    'free group': {
      input: { api: unreachableApi, groupId: SETTINGS_GROUP_ID, scheduleRefusal: 'free_plan' },
      events,
      outcomes: {
        loadSettings: answering({ freeGroup: loadSettings.freeGroup }),
        saveSetting: answering({ savedFree: saveSetting.savedFree }),
      },
    },
  },
};
