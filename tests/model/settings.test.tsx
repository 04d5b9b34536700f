import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { PrimeReactProvider } from 'primereact/api';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromTransition, SimulatedClock, type EventObject, type InputFrom } from 'xstate';
import type { EngagementSyncSettingsPatch, GroupSchedule, LoadAnswer, loadSettings, saveSchedule, saveSetting, ScheduleAnswer, SettingAnswer } from '../../machines/settings/actors';
import { settingsMachine, type SettingsEvent, type SettingsInput } from '../../machines/settings/machine';
import type { EngagementSyncSettings, GroupLimits, ScheduledJobConfig, ScheduledJobName } from '../../rules/groupSettings';
import { createApiClient } from '../../src/api/client';
import { SETTINGS_ANSWERS, SETTINGS_GROUP_ID } from '../../src/features/settings/fixtures';
import { SettingsView } from '../../src/features/settings/SettingsView';
import { SettingsWorkflow } from '../../src/features/settings/SettingsWorkflow';
import { ToastProvider } from '../../src/ui/toast';
import { createDeferredActor, settle } from './support/deferredActor';
import { createMachineTestModel } from './support/machineTestModel';
import { itChecksEveryPath } from './support/modelChecks';
import { actorDoneEvents, type ActorDoneEvent } from './support/modelEvents';

type ActorOutput = LoadAnswer | SettingAnswer | ScheduleAnswer;
type ModelEvent = SettingsEvent | ActorDoneEvent<ActorOutput>;

const { loadSettings: loads, saveSetting: saves, saveSchedule: scheduleSaves } = SETTINGS_ANSWERS;

const postsBack = (value: number): SettingsEvent => ({ type: 'setting.change', change: { key: 'engagement_sync_posts_back', value } });
const lookBehindBy = (value: 'days' | 'posts'): SettingsEvent => ({ type: 'setting.change', change: { key: 'engagement_sync_lookbehind_by', value } });

const modelEvents: ModelEvent[] = [
  { type: 'settings.retry' },
  postsBack(8),
  postsBack(10),
  postsBack(50),
  lookBehindBy('days'),
  lookBehindBy('posts'),
  { type: 'upgrade.dismissed' },
  { type: 'schedule.change', job: 'fetch_group_members', change: { kind: 'enabled', enabled: false } },
  { type: 'schedule.change', job: 'fetch_group_posts', change: { kind: 'runs', scheduled: 'everyDay' } },
  ...actorDoneEvents<ActorOutput>('loadSettings', [loads.paidGroup, loads.failed]),
  ...actorDoneEvents<ActorOutput>('saveSetting', Object.values(saves)),
  ...actorDoneEvents<ActorOutput>('saveSchedule', Object.values(scheduleSaves)),
];

const unusedApi = createApiClient({ baseUrl: 'http://api.invalid/api/v1', fetch: () => Promise.reject(new Error('the model provides every actor')) });
const INPUT: SettingsInput = { api: unusedApi, groupId: SETTINGS_GROUP_ID, scheduleRefusal: null };
const PURCHASE_PATH = '/1402385749123001/purchase';

/** The one key a save sends, as the server reads it. */
const sentOf = (patch: EngagementSyncSettingsPatch | null) => Object.entries(patch ?? {})[0] as [keyof GroupLimits, number] | undefined;

const model = createMachineTestModel(settingsMachine, {
  input: INPUT,
  events: modelEvents,
  distinguishingContext: ({ context }) => ({
    by: context.settings?.engagement_sync_lookbehind_by,
    posts: context.settings?.engagement_sync_posts_back,
    limit: context.limits?.engagement_sync_posts_back,
    offer: context.upgradeOffer,
    sent: context.settingPatch,
  }),
  // What the page can send and the server can answer in a state: the slider shown, and answers true to the group's limits.
  isPossible: ({ context }, event) => {
    if (event.type === 'setting.change') {
      const by = context.settings?.engagement_sync_lookbehind_by;
      return event.change.key === 'engagement_sync_lookbehind_by' ? event.change.value !== by : by === 'posts';
    }
    if (event.type !== 'xstate.done.actor.saveSetting') return true;
    const answer = (event as ActorDoneEvent<SettingAnswer>).output;
    const sent = sentOf(context.settingPatch);
    if (answer.kind === 'saved') return JSON.stringify(answer.limits) === JSON.stringify(context.limits);
    if (answer.kind === 'limitExceeded') return sent !== undefined && sent[0] in answer.limits && sent[1] > answer.limits[sent[0]];
    return true;
  },
});
const paths = model.getShortestPaths();

/**
 * What the admin has been told so far, kept by the test itself from the spec's rules: the settings
 * and schedule the server holds, the plan's limits, the value shown, the popover, the toasts.
 */
interface Story {
  failure: string | null;
  saved: EngagementSyncSettings | null;
  shown: EngagementSyncSettings | null;
  limits: GroupLimits | null;
  /** The popover's max and unit, once it shows. */
  upgrade: { max: number; unit: 'days' | 'posts' } | null;
  sentSetting: EngagementSyncSettingsPatch | null;
  schedule: GroupSchedule | null;
  sentSchedule: { job: ScheduledJobName; config: ScheduledJobConfig } | null;
  toasts: string[];
  robotTold: number;
}

function startSystem(input: SettingsInput = INPUT) {
  const actors = {
    loadSettings: createDeferredActor<LoadAnswer, InputFrom<typeof loadSettings>>(),
    saveSetting: createDeferredActor<SettingAnswer, InputFrom<typeof saveSetting>>(),
    saveSchedule: createDeferredActor<ScheduleAnswer, InputFrom<typeof saveSchedule>>(),
  };
  const machine = settingsMachine.provide({
    actors: { loadSettings: actors.loadSettings.logic, saveSetting: actors.saveSetting.logic, saveSchedule: actors.saveSchedule.logic },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { input, clock });
  const robot = createActor(fromTransition((told: EventObject[], event: EventObject) => [...told, event], []));
  robot.start();
  render(
    <PrimeReactProvider value={{ cssTransition: false }}>
      <ToastProvider>
        <MemoryRouter>
          <SettingsView blocks={[<SettingsWorkflow key="settings" actor={actor} robotActor={robot} purchasePath={PURCHASE_PATH} />]} />
        </MemoryRouter>
      </ToastProvider>
    </PrimeReactProvider>,
  );
  const story: Story = {
    failure: null,
    saved: null,
    shown: null,
    limits: null,
    upgrade: null,
    sentSetting: null,
    schedule: null,
    sentSchedule: null,
    toasts: [],
    robotTold: 0,
  };
  const robotTold = () => robot.getSnapshot().context.filter((event) => event.type === 'robot.schedule.changed').length;
  return { actor, actors, story, robotTold, stop: () => (actor.stop(), robot.stop()) };
}

type System = ReturnType<typeof startSystem>;
type ActorId = keyof System['actors'];

function expectWaiting(system: System, id: ActorId | null) {
  for (const other of Object.keys(system.actors) as ActorId[]) expect(system.actors[other].waitingRuns(), other).toBe(other === id ? 1 : 0);
}

const block = (name: string) => within(screen.getByRole('region', { name }));
const syncBlock = () => block('Engagements Sync Settings');
const scheduleBlock = () => block('Schedule xFilter Tasks');
const job = (name: string) => within(scheduleBlock().getByRole('group', { name }));

/** The spec's block titles, in order, with 'Connections Settings' not among them here (it is the connections feature's). */
function expectBlockTitles() {
  expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Engagements Sync Settings', 'Schedule xFilter Tasks']);
}

/** By posts the 'Posts back' slider, by days the 'Days back' one, then reactions and comments per post; 1 to 200; the value shown. */
function expectSliders(system: System, { busy }: { busy: boolean }) {
  const shown = system.story.shown!;
  const byPosts = shown.engagement_sync_lookbehind_by === 'posts';
  const sliders = syncBlock().getAllByRole('slider');
  expect(sliders).toHaveLength(3);
  const reach = syncBlock().getByRole('slider', { name: byPosts ? 'Posts back' : 'Days back' });
  expect(reach.getAttribute('aria-valuenow')).toBe(String(byPosts ? shown.engagement_sync_posts_back : shown.engagement_sync_days_back));
  expect(reach.getAttribute('aria-valuemin')).toBe('1');
  expect(reach.getAttribute('aria-valuemax')).toBe('200');
  expect(syncBlock().queryByRole('slider', { name: byPosts ? 'Days back' : 'Posts back' })).toBeNull();
  expect(syncBlock().getByRole('slider', { name: 'Reactions per post' }).getAttribute('aria-valuenow')).toBe(String(shown.engagement_sync_reactions_per_post));
  expect(syncBlock().getByRole('slider', { name: 'Comments per post' }).getAttribute('aria-valuenow')).toBe(String(shown.engagement_sync_comments_per_post));
  expect(syncBlock().getByRole('button', { name: byPosts ? 'Posts' : 'Days' }).getAttribute('aria-pressed')).toBe('true');
  expect(reach.closest('.p-slider')!.classList.contains('p-disabled')).toBe(busy);
}

/** Sync Members and Sync Engagements as the server holds them (or as sent, while saving); times in UTC. */
function expectSchedule(system: System, { busy }: { busy: boolean }) {
  const sent = system.story.sentSchedule;
  const schedule = { ...system.story.schedule!, ...(sent ? { [sent.job]: sent.config } : {}) };
  expect(scheduleBlock().queryByText('Not available on Free plan')).toBeNull();
  for (const [name, config] of [
    ['Sync Members', schedule.fetch_group_members],
    ['Sync Engagements', schedule.fetch_group_posts],
  ] as const) {
    const toggle = job(name).getByRole('switch', { name: 'Enabled' }) as HTMLInputElement;
    expect(toggle.checked).toBe(config.enabled);
    expect(toggle.disabled).toBe(busy);
    expect(job(name).queryByText('After Sync Members finishes.') !== null).toBe(config.scheduled === 'afterJob');
    if (config.scheduled === 'everyDay') {
      expect(job(name).getByText('UTC')).toBeTruthy();
      expect((job(name).getByLabelText(`${name} every day at`) as HTMLSelectElement).selectedOptions[0]!.textContent).toBe(config.everyDay.slice(0, 5));
    }
  }
  expect(job('Sync Members').queryByRole('button', { name: 'After another job' })).toBeNull();
  expect(job('Sync Engagements').getByRole('button', { name: 'After another job' })).toBeTruthy();
}

function expectNoPopover() {
  expect(screen.queryByRole('dialog', { name: 'Upgrade to PRO' })).toBeNull();
}

function expectToasts(system: System) {
  for (const toast of system.story.toasts) expect(screen.getAllByText(toast, { exact: false }).length).toBeGreaterThan(0);
  expect(system.robotTold()).toBe(system.story.robotTold);
}

/** Moves the 'Posts back' slider by keyboard to a value, and lets the key go. */
function slidePostsBackTo(value: number) {
  const slider = syncBlock().getByRole('slider', { name: 'Posts back' });
  fireEvent.keyDown(slider, { key: 'Home' });
  for (let step = 0; step < Math.floor((value - 1) / 10); step += 1) fireEvent.keyDown(slider, { key: 'PageUp' });
  for (let step = 0; step < (value - 1) % 10; step += 1) fireEvent.keyDown(slider, { key: 'ArrowRight' });
  fireEvent.keyUp(slider, { key: 'ArrowRight' });
}

/** The spec's rule, as the test knows it: above the plan's limit the value is put back to the limit and the popover offers the upgrade. */
function changeSetting(system: System, key: keyof EngagementSyncSettings, value: number | string) {
  const { story } = system;
  const limit = key === 'engagement_sync_posts_back' || key === 'engagement_sync_days_back' ? story.limits![key] : null;
  const above = limit !== null && (value as number) > limit;
  const target = above ? limit : value;
  if (story.saved![key] === target) {
    story.upgrade = above ? { max: limit, unit: key === 'engagement_sync_days_back' ? 'days' : 'posts' } : null;
    return;
  }
  story.upgrade = above ? { max: limit, unit: key === 'engagement_sync_days_back' ? 'days' : 'posts' } : null;
  story.sentSetting = { [key]: target };
  story.shown = { ...story.saved!, [key]: target };
}

function implementationFor(system: System) {
  const { story } = system;
  const resolve = async (id: ActorId, output: ActorOutput) =>
    act(async () => {
      (system.actors[id].resolve as (output: ActorOutput) => void)(output);
      await settle();
    });
  const click = (element: () => HTMLElement) => async () => act(async () => void fireEvent.click(element()));
  return {
    states: {
      loading: () => {
        expectWaiting(system, 'loadSettings');
        expect(system.actors.loadSettings.waitingInputs()[0]!.groupId).toBe(SETTINGS_GROUP_ID);
        expectBlockTitles();
        expect(syncBlock().getByRole('status').textContent).toContain('Loading the settings…');
        expect(scheduleBlock().getByRole('status').textContent).toContain('Loading the settings…');
      },
      loadFailed: () => {
        expectWaiting(system, null);
        expectBlockTitles();
        expect(syncBlock().getByRole('alert').textContent).toContain(`The settings could not be loaded. ${story.failure}`);
        expect(syncBlock().getByRole('button', { name: 'Try again' })).toBeTruthy();
      },
      ready: () => {
        expectBlockTitles();
        expectToasts(system);
      },
      'ready.idle': () => {
        expectWaiting(system, null);
        expectSliders(system, { busy: false });
        expectSchedule(system, { busy: false });
        expectNoPopover();
      },
      'ready.offeringUpgrade': () => {
        expectWaiting(system, null);
        expectSliders(system, { busy: false });
        const popover = screen.getByRole('dialog', { name: 'Upgrade to PRO' });
        const { max, unit } = story.upgrade!;
        expect(within(popover).getByRole('alert').textContent).toBe(`Upgrade to PRO to unlock scanning back up to ${max} ${unit}!`);
        expect(within(popover).getByRole('link', { name: 'Upgrade to PRO' }).getAttribute('href')).toBe(PURCHASE_PATH);
      },
      'ready.savingSetting': () => {
        expectWaiting(system, 'saveSetting');
        // One key per change, the value within the limit.
        expect(system.actors.saveSetting.waitingInputs()[0]!.patch).toEqual(story.sentSetting);
        expectSliders(system, { busy: true });
        expectNoPopover();
      },
      'ready.savingSchedule': () => {
        expectWaiting(system, 'saveSchedule');
        const { job: sentJob, config } = system.actors.saveSchedule.waitingInputs()[0]!;
        expect({ job: sentJob, config }).toEqual(story.sentSchedule);
        expectSchedule(system, { busy: true });
      },
    },
    events: {
      'xstate.init': () => void system.actor.start(),
      'settings.retry': click(() => syncBlock().getByRole('button', { name: 'Try again' })),
      'setting.change': async ({ event }: { event: EventObject }) => {
        const { change } = event as Extract<SettingsEvent, { type: 'setting.change' }>;
        changeSetting(system, change.key, change.value);
        if (change.key === 'engagement_sync_lookbehind_by') {
          await click(() => syncBlock().getByRole('button', { name: change.value === 'days' ? 'Days' : 'Posts' }))();
        } else {
          // Each key press renders on its own, as in a browser.
          slidePostsBackTo(change.value);
          await act(settle);
        }
      },
      'upgrade.dismissed': async () => {
        story.upgrade = null;
        await click(() => within(screen.getByRole('dialog', { name: 'Upgrade to PRO' })).getByRole('button', { name: 'Close' }))();
      },
      'schedule.change': async ({ event }: { event: EventObject }) => {
        const { job: jobName } = event as Extract<SettingsEvent, { type: 'schedule.change' }>;
        const config = story.schedule![jobName];
        story.upgrade = null;
        if (jobName === 'fetch_group_members') {
          story.sentSchedule = { job: jobName, config: { ...config, enabled: false } };
          await click(() => job('Sync Members').getByRole('switch', { name: 'Enabled' }))();
        } else {
          story.sentSchedule = { job: jobName, config: { ...config, scheduled: 'everyDay', afterJob: null } };
          await click(() => job('Sync Engagements').getByRole('button', { name: 'Every day' }))();
        }
      },
      'xstate.done.actor.loadSettings': async ({ event }: { event: EventObject }) => {
        const output = (event as ActorDoneEvent<LoadAnswer>).output;
        if (output.kind === 'loaded') {
          Object.assign(story, { saved: output.settings, shown: output.settings, limits: output.limits, schedule: output.schedule, failure: null });
        } else {
          story.failure = output.message;
        }
        await resolve('loadSettings', output);
      },
      'xstate.done.actor.saveSetting': async ({ event }: { event: EventObject }) => {
        const output = (event as ActorDoneEvent<SettingAnswer>).output;
        const [key, value] = sentOf(story.sentSetting)!;
        if (output.kind === 'saved') {
          story.saved = story.shown;
          story.limits = output.limits;
          story.toasts.push('The engagements sync settings are saved.');
        } else if (output.kind === 'limitExceeded' && value > output.limits[key]) {
          // The server's limits: the value goes back to its limit, sent again, and the popover says so.
          story.limits = output.limits;
          story.shown = story.saved;
          changeSetting(system, key, value);
        } else {
          story.shown = story.saved;
          story.upgrade = null;
          story.toasts.push(`The setting could not be saved. ${output.message}`);
        }
        await resolve('saveSetting', output);
      },
      'xstate.done.actor.saveSchedule': async ({ event }: { event: EventObject }) => {
        const output = (event as ActorDoneEvent<ScheduleAnswer>).output;
        const sent = story.sentSchedule!;
        story.sentSchedule = null;
        if (output.kind === 'saved') {
          story.schedule = { ...story.schedule!, [sent.job]: sent.config };
          story.toasts.push(`The ${sent.config.humanName} schedule is saved.`);
          story.robotTold += 1;
        } else {
          story.toasts.push(`The schedule could not be saved. ${output.message}`);
        }
        await resolve('saveSchedule', output);
      },
    },
  };
}

function labelAnswer(event: EventObject): string | undefined {
  if (!event.type.startsWith('xstate.done.actor.')) return undefined;
  const output = (event as ActorDoneEvent<ActorOutput>).output;
  const answers: Record<string, Record<string, ActorOutput>> = { loadSettings: loads, saveSetting: saves, saveSchedule: scheduleSaves };
  const id = event.type.split('.')[3];
  const name = Object.entries(answers[id]).find(([, known]) => known === output)?.[0];
  return `${id} done: ${name}`;
}

describe('settings model', () => {
  afterEach(() => cleanup());

  itChecksEveryPath({ machine: settingsMachine, paths, startSystem: () => startSystem(), implementationFor, labelAnswer: labelAnswer });
});

describe('scheduling closed to the group (spec part 2 §6)', () => {
  afterEach(() => cleanup());

  async function openedFor(scheduleRefusal: SettingsInput['scheduleRefusal']) {
    const system = startSystem({ ...INPUT, scheduleRefusal });
    system.actor.start();
    await act(async () => {
      system.actors.loadSettings.resolve(loads.freeGroup);
      await settle();
    });
    return system;
  }

  it("locks 'Schedule xFilter Tasks' on the free plan, and saves no schedule change", async () => {
    const system = await openedFor('free_plan');
    try {
      expect(scheduleBlock().getByText('Not available on Free plan')).toBeTruthy();
      expect(scheduleBlock().getByRole('link', { name: 'Upgrade to PRO' }).getAttribute('href')).toBe(PURCHASE_PATH);
      expect(scheduleBlock().getByRole('group', { name: 'Sync Members' }).closest('[inert]')).not.toBeNull();
      system.actor.send({ type: 'schedule.change', job: 'fetch_group_members', change: { kind: 'enabled', enabled: false } });
      expectWaiting(system, null);
    } finally {
      system.stop();
    }
  });

  it("locks it with the group's lock on a locked group", async () => {
    const system = await openedFor('locked');
    try {
      expect(scheduleBlock().getByText('Account is locked')).toBeTruthy();
      system.actor.send({ type: 'schedule.change', job: 'fetch_group_posts', change: { kind: 'runs', scheduled: 'everyDay' } });
      expectWaiting(system, null);
    } finally {
      system.stop();
    }
  });

  it('keeps the free plan at 10 posts back: 50 is put back to 10, nothing is saved, and the popover offers the upgrade', async () => {
    const system = await openedFor('free_plan');
    try {
      slidePostsBackTo(50);
      await act(settle);
      expectWaiting(system, null);
      expect(syncBlock().getByRole('slider', { name: 'Posts back' }).getAttribute('aria-valuenow')).toBe('10');
      expect(within(screen.getByRole('dialog', { name: 'Upgrade to PRO' })).getByRole('alert').textContent).toBe(
        'Upgrade to PRO to unlock scanning back up to 10 posts!',
      );
    } finally {
      system.stop();
    }
  });
});
