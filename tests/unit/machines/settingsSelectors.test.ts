import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { LoadAnswer } from '../../../machines/settings/actors';
import { settingsMachine } from '../../../machines/settings/machine';
import { scheduleLockOf, settingsPageOf, upgradeTextOf } from '../../../machines/settings/selectors';
import { createApiClient } from '../../../src/api/client';
import { SETTINGS_ANSWERS, SYNC_SETTINGS } from '../../../src/features/settings/fixtures';
import { SPEC_SYNC_SLIDER } from '../../support/spec-numbers';

const api = createApiClient({ baseUrl: 'http://api.invalid/api/v1', fetch: () => Promise.reject(new Error('no server')) });

async function loaded(answer: LoadAnswer) {
  const machine = settingsMachine.provide({ actors: { loadSettings: fromPromise(async () => answer) } });
  const actor = createActor(machine, { input: { api, groupId: 3, scheduleRefusal: null } }).start();
  await waitFor(actor, (snapshot) => !snapshot.matches('loading'));
  return actor;
}

describe('the settings page selectors', () => {
  it("words the popover as the spec does, by days or by posts (part 2 §5)", () => {
    expect(upgradeTextOf({ key: 'engagement_sync_days_back', max: 10 })).toBe('Upgrade to PRO to unlock scanning back up to 10 days!');
    expect(upgradeTextOf({ key: 'engagement_sync_posts_back', max: 25 })).toBe('Upgrade to PRO to unlock scanning back up to 25 posts!');
  });

  it('locks the schedule for a free group with the free-plan lock, for a locked group with the group lock', () => {
    expect(scheduleLockOf('free_plan')).toBe('freePlan');
    expect(scheduleLockOf('locked')).toBe('groupLocked');
    expect(scheduleLockOf(null)).toBeNull();
  });

  it('shows the slider of the look-behind chosen, then reactions and comments per post; only the first capped by the plan', async () => {
    const byPosts = settingsPageOf((await loaded(SETTINGS_ANSWERS.loadSettings.freeGroup)).getSnapshot());
    if (byPosts.kind !== 'ready') throw new Error('not ready');
    expect(byPosts.sync.sliders.map(({ label, value, limit }) => [label, value, limit])).toEqual([
      ['Posts back', 10, 10],
      ['Reactions per post', 100, null],
      ['Comments per post', 50, null],
    ]);
    const byDays = settingsPageOf(
      (await loaded({ ...SETTINGS_ANSWERS.loadSettings.freeGroup, settings: { ...SYNC_SETTINGS, engagement_sync_lookbehind_by: 'days' } } as LoadAnswer)).getSnapshot(),
    );
    if (byDays.kind !== 'ready') throw new Error('not ready');
    expect(byDays.sync.sliders[0]).toMatchObject({ label: 'Days back', value: 7, limit: 10, ...SPEC_SYNC_SLIDER });
  });

  it('names the jobs by their humanName, Sync Members first, with Sync Engagements after it', async () => {
    const page = settingsPageOf((await loaded(SETTINGS_ANSWERS.loadSettings.paidGroup)).getSnapshot());
    if (page.kind !== 'ready') throw new Error('not ready');
    expect(page.schedule.jobs.map((job) => [job.humanName, job.scheduled, job.afterJobName])).toEqual([
      ['Sync Members', 'everyDay', null],
      ['Sync Engagements', 'afterJob', 'Sync Members'],
    ]);
    expect(page.schedule.jobs[0].weekdays.map((day) => day.name)).toEqual(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
  });
});
