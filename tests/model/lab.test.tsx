import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { PrimeReactProvider } from 'primereact/api';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type EventObject, type InputFrom } from 'xstate';
import type { FindAnswer, findTarget, LabGroup, LabMembership, LabUser, RunAnswer, runAction } from '../../machines/lab/actors';
import { labMachine, type LabEvent, type LabInput } from '../../machines/lab/machine';
import { createApiClient } from '../../src/api/client';
import { GROUP, LAB_ANSWERS, MEMBERSHIP, RANDOM_USER, TOGGLES, USER } from '../../src/features/lab/fixtures';
import { LabWorkflow } from '../../src/features/lab/LabWorkflow';
import { ToastProvider } from '../../src/ui/toast';
import { createDeferredActor, settle } from './support/deferredActor';
import { createMachineTestModel } from './support/machineTestModel';
import { itChecksEveryPath } from './support/modelChecks';
import { actorDoneEvents, type ActorDoneEvent } from './support/modelEvents';

type ActorOutput = FindAnswer | RunAnswer;
type ModelEvent = LabEvent | ActorDoneEvent<ActorOutput>;

const { findTarget: finds, runAction: runs } = LAB_ANSWERS;

/** The actions the model asks, by the control the supervisor uses: [region, control, event]. */
const RUNS = {
  ban: { type: 'lab.run', action: { name: 'update_user', settings: { is_banned: true } } },
  unban: { type: 'lab.run', action: { name: 'update_user', settings: { is_banned: false } } },
  fakeMetrics: { type: 'lab.run', action: { name: 'fake_metrics', settings: { days: 7, reverse: false } } },
  makeAdmin: { type: 'lab.run', action: { name: 'update_membership', settings: { role: 'admin' } } },
  removeGroup: { type: 'lab.run', action: { name: 'remove_group', settings: {} } },
  createUser: { type: 'lab.run', action: { name: 'create_random_user', settings: {} } },
  disableLogin: { type: 'lab.run', action: { name: 'set_toggle', settings: { name: 'login_disabled', value: true } } },
  truncateUsers: { type: 'lab.run', action: { name: 'remove_all_users', settings: {} } },
} as const satisfies Record<string, LabEvent>;

type RunName = keyof typeof RUNS;

const modelEvents: ModelEvent[] = [
  { type: 'lab.find', target: 'user', id: USER.id },
  { type: 'lab.find', target: 'group', id: GROUP.id },
  { type: 'lab.find', target: 'membership', id: MEMBERSHIP.member_id },
  ...Object.values(RUNS),
  { type: 'lab.confirm' },
  { type: 'lab.cancel' },
  ...actorDoneEvents<ActorOutput>('findUser', [finds.user, finds.notFound]),
  ...actorDoneEvents<ActorOutput>('findGroup', [finds.group, finds.notFound]),
  ...actorDoneEvents<ActorOutput>('findMembership', [finds.membership, finds.notFound]),
  ...actorDoneEvents<ActorOutput>('runAction', Object.values(runs)),
];

/** What the server answers to each action the model asks (besides refusing it): the records read again afterwards. */
const ANSWERS_TO: Record<RunName, RunAnswer> = {
  ban: runs.banned,
  unban: runs.unbanned,
  fakeMetrics: runs.done,
  makeAdmin: runs.madeAdmin,
  removeGroup: runs.groupRemoved,
  createUser: runs.userCreated,
  disableLogin: runs.done,
  truncateUsers: runs.usersTruncated,
};

const runNameOf = (action: unknown): RunName | undefined =>
  (Object.keys(RUNS) as RunName[]).find((name) => JSON.stringify(RUNS[name].action) === JSON.stringify(action));

const unusedApi = createApiClient({ baseUrl: 'http://api.invalid/api/v1', fetch: () => Promise.reject(new Error('the model provides every actor')) });
const INPUT: LabInput = { api: unusedApi, toggles: TOGGLES };

const model = createMachineTestModel(labMachine, {
  input: INPUT,
  events: modelEvents,
  distinguishingContext: ({ context }) => ({
    user: context.targets.user && { id: context.targets.user.id, banned: context.targets.user.is_banned },
    group: context.targets.group !== null,
    membership: context.targets.membership?.role ?? null,
    loginDisabled: context.toggles.login_disabled,
    failure: context.failure !== null,
  }),
  // The server answers the action asked: a ban with the user banned, a removed group gone, and so on.
  isPossible: ({ context }, event) => {
    if (event.type !== 'xstate.done.actor.runAction') return true;
    const output = (event as ActorDoneEvent<ActorOutput>).output;
    const asked = runNameOf(context.action);
    const bansUna = (asked !== 'ban' && asked !== 'unban') || context.targets.user?.id === USER.id;
    return output === runs.refused || (asked !== undefined && ANSWERS_TO[asked] === output && bansUna);
  },
});
const paths = model.getShortestPaths();

/** What the supervisor has been shown so far, kept by the test itself: what the lab must show follows from it. */
interface Story {
  user: LabUser | null;
  group: LabGroup | null;
  membership: LabMembership | null;
  loginDisabled: boolean;
  /** The caption the progress bar's last end gave: the record found, or the server's reason. */
  found: string | null;
  failure: string | null;
  /** The action asked last, by the model's name for it. */
  asked: RunName | null;
  /** What the last action changed, in the test's own words. */
  done: string | null;
  changes: number;
}

function startSystem() {
  const actors = {
    findTarget: createDeferredActor<FindAnswer, InputFrom<typeof findTarget>>(),
    runAction: createDeferredActor<RunAnswer, InputFrom<typeof runAction>>(),
  };
  const machine = labMachine.provide({ actors: { findTarget: actors.findTarget.logic, runAction: actors.runAction.logic } });
  const actor = createActor(machine, { input: INPUT, clock: new SimulatedClock() });
  const story: Story = { user: null, group: null, membership: null, loginDisabled: false, found: null, failure: null, asked: null, done: null, changes: 0 };
  render(
    <PrimeReactProvider value={{ cssTransition: false }}>
      <ToastProvider>
        <LabWorkflow actor={actor} api={unusedApi} visible onHide={() => {}} onChanged={() => (story.changes += 1)} />
      </ToastProvider>
    </PrimeReactProvider>,
  );
  return { actor, actors, story, stop: () => actor.stop() };
}

type System = ReturnType<typeof startSystem>;
type ActorId = keyof System['actors'];

function expectWaiting(system: System, id: ActorId | null) {
  for (const other of Object.keys(system.actors) as ActorId[]) expect(system.actors[other].waitingRuns(), other).toBe(other === id ? 1 : 0);
}

const lab = () => within(screen.getByRole('dialog', { name: 'Lab' }));
type Scope = ReturnType<typeof within>;
/** A card of the lab by its heading (the dialog is large: each query stays inside one card). */
const region = (name: string) => within(lab().getByRole('region', { name }));
/**
 * The controls inside a card of the visible lab: nothing in a card hides them, so their queries
 * skip the visibility check, which costs the most on a dialog this large.
 */
const CONTROLS = { hidden: true } as const;
const group = (scope: Scope, name: string) => within(scope.getAllByRole('group', CONTROLS).find((element: HTMLElement) => element.getAttribute('aria-label') === name)!);
const buttonsOf = (scope: Scope) => scope.getAllByRole('button', CONTROLS) as HTMLButtonElement[];
const button = (scope: Scope, name: string) => {
  const found = buttonsOf(scope).find((element) => element.textContent?.trim() === name);
  if (!found) throw new Error(`no button '${name}'`);
  return found;
};
const namesOf = (scope: Scope) => buttonsOf(scope).map((element) => element.textContent?.trim());
const progressBar = () => lab().getByRole('progressbar', { name: 'Lab call' });

/** Spec part 2 §6: what the lab can do to a user, as the user stands. */
function userActions(user: LabUser): string[] {
  return [
    ...(user.fb_username ? ['Remove username'] : []),
    ...(user.fb_user_id ? ['Remove profile id'] : []),
    user.is_supervisor ? 'Revoke supervisor' : 'Grant supervisor',
    user.is_banned ? 'Unban' : 'Ban',
    'Remove user',
  ];
}

/** Spec part 2 §4, §6, §9: the group's choices and the data the lab fakes and removes. */
const SPEC = {
  plans: ['Free', 'Monthly', 'Annual'],
  statuses: ['active', 'incomplete', 'trialing', 'incomplete_expired', 'past_due', 'canceled', 'unpaid'],
  ends: ['0 days', '15 days', '31 days', '155 days', '365 days'],
  fakes: ['Fake 500 members', 'Fake 10 deactivated members', 'Fake 10 posts', 'Fake 100 reactions', 'Fake 100 comments', 'Create random member'],
  metrics: ['3 days', '7 days', '14 days', '30 days', '60 days'],
  removes: ['Remove posts', 'Remove engagements', 'Remove metrics', 'Remove subscribers', 'Remove admins', 'Remove all its members', 'Remove group'],
  truncations: ['Truncate all users', 'Truncate all groups', 'Truncate all members'],
  toggles: ['Extension connected', 'Payment provider blocked', 'Login disabled'],
};

/** Every control of the lab: disabled while a call runs or a truncation is asked about, enabled otherwise. */
function expectControls(system: System, enabled: boolean) {
  const { user, group: found, membership, loginDisabled } = system.story;
  const expectEnabled = (buttons: HTMLButtonElement[]) => {
    for (const element of buttons) if (element.getAttribute('aria-pressed') !== 'true') expect(element.disabled, element.textContent!).toBe(!enabled);
  };
  const users = region('User');
  if (user) {
    expect(users.getByText(user.name)).toBeTruthy();
    expect(namesOf(group(users, 'User actions'))).toEqual(userActions(user));
    expectEnabled(buttonsOf(users));
  } else {
    expect(users.getByText('No user found yet.')).toBeTruthy();
  }
  const groups = region('Group');
  if (found) {
    expect(groups.getByText(found.name)).toBeTruthy();
    const plans = group(groups, 'Plan');
    expect(namesOf(plans)).toEqual(SPEC.plans);
    expect(button(plans, 'Monthly').getAttribute('aria-pressed')).toBe('true');
    expect(button(plans, 'Monthly').disabled).toBe(true);
    expect(namesOf(group(groups, 'Locked'))).toEqual([found.is_locked ? 'Unlock' : 'Lock']);
    expect(namesOf(group(groups, 'Subscription status'))).toEqual(SPEC.statuses);
    expect(button(group(groups, 'Subscription status'), 'active').getAttribute('aria-pressed')).toBe('true');
    expect(namesOf(group(groups, 'Subscription ends in'))).toEqual(SPEC.ends);
    expect(namesOf(group(groups, 'Subscription data'))).toEqual(['Sync subscription fields', 'Remove subscription data']);
    expect(namesOf(group(groups, 'Fake data'))).toEqual(SPEC.fakes);
    expect(namesOf(group(groups, 'Fake metrics'))).toEqual(SPEC.metrics);
    expect(namesOf(group(groups, 'Removals'))).toEqual(['Today', 'This week', 'Before this week', 'Reset removals']);
    expect(namesOf(group(groups, 'Remove data'))).toEqual(SPEC.removes);
    // Subscribed from's Set waits for a date; every other control follows the lab.
    expectEnabled(buttonsOf(groups).filter((element) => element.textContent?.trim() !== 'Set'));
  } else {
    expect(groups.getByText('No group found yet.')).toBeTruthy();
  }
  const memberships = region('Membership');
  if (!found) expect(memberships.getByText('Find a group first: a membership is looked for in it.')).toBeTruthy();
  if (membership) {
    expect(memberships.getByText(membership.member!.name)).toBeTruthy();
    expect(namesOf(group(memberships, 'Membership actions'))).toEqual([membership.role === 'admin' ? 'Set subscriber' : 'Set admin', 'Remove membership']);
    expectEnabled(buttonsOf(memberships));
  } else if (found) {
    expect(memberships.getByText('No membership found yet.')).toBeTruthy();
  }
  const everything = region('Create and truncate');
  const heldBy = user?.fb_user_id ? [`Create random group held by ${user.name}`] : [];
  expect(namesOf(everything)).toEqual(['Create random user', 'Create random group', ...heldBy, ...SPEC.truncations]);
  expectEnabled(buttonsOf(everything));
  const switches = region('Switches').getAllByRole('switch', CONTROLS) as HTMLInputElement[];
  expect(switches.map((control) => control.labels?.[0]?.textContent)).toEqual(SPEC.toggles);
  expect(switches.map((control) => control.checked)).toEqual([true, false, loginDisabled]);
  for (const control of switches) expect(control.disabled).toBe(!enabled);
  for (const finder of lab().getAllByRole('combobox', CONTROLS)) expect((finder as HTMLInputElement).disabled).toBe(!enabled);
}

/** Spec part 2 §8: the progress bar runs while a call is under way, completes, or turns failed with the server's reason. */
function expectProgress(kind: 'empty' | 'running' | 'complete' | 'failed', caption?: string) {
  const bar = progressBar();
  if (kind === 'running') expect(bar.getAttribute('aria-valuenow')).toBeNull();
  else expect(bar.getAttribute('aria-valuenow')).toBe(kind === 'empty' ? '0' : '100');
  expect(bar.classList.contains('lab__bar--failed')).toBe(kind === 'failed');
  if (caption !== undefined) expect(lab().getByRole('status').textContent).toBe(caption);
}

/** The toast of an action, in the test's own words of what it changed. */
const TOASTS: Record<RunName, (story: Story) => string> = {
  ban: (story) => `${story.user!.name} is banned.`,
  unban: (story) => `${story.user!.name} is no longer banned.`,
  fakeMetrics: () => `${GROUP.name}: 7 days of rising metrics faked.`,
  makeAdmin: () => `${MEMBERSHIP.member!.name} is an admin now.`,
  removeGroup: () => `${GROUP.name} was removed.`,
  createUser: () => 'A random user was created.',
  disableLogin: () => 'Login disabled: on.',
  truncateUsers: () => 'All users but you were deleted.',
};

function implementationFor(system: System) {
  const findAnswer = (id: 'findUser' | 'findGroup' | 'findMembership') => async ({ event }: { event: EventObject }) => {
    const output = (event as ActorDoneEvent<FindAnswer>).output;
    const { story } = system;
    if (output.kind === 'failed') story.failure = output.message;
    else {
      story.failure = null;
      const { found } = output;
      if (found.target === 'user') story.user = found.user;
      if (found.target === 'group') story.group = found.group;
      if (found.target === 'membership') story.membership = found.membership;
      story.found = found.target === 'user' ? found.user.name : found.target === 'group' ? found.group.name : found.membership.member!.name;
    }
    expect(system.actors.findTarget.waitingInputs()[0]?.find.target).toBe(id.replace('find', '').toLowerCase());
    await act(async () => {
      system.actors.findTarget.resolve(output);
      await settle();
    });
  };
  const runAnswer = async ({ event }: { event: EventObject }) => {
    const output = (event as ActorDoneEvent<RunAnswer>).output;
    const { story } = system;
    const changesBefore = story.changes;
    const toast = output.kind === 'done' ? TOASTS[story.asked!](story) : null;
    story.done = toast;
    if (output.kind === 'failed') story.failure = output.message;
    else {
      story.failure = null;
      // The lab goes on with the records it had found as the server now has them (gone when removed); a created user becomes the one shown.
      const { user, group: found, membership } = output.refreshed;
      if (user !== undefined && (story.user !== null || story.asked === 'createUser')) story.user = user;
      if (found !== undefined && story.group !== null) story.group = found;
      if (membership !== undefined && story.membership !== null) story.membership = membership;
      if (story.asked === 'disableLogin') story.loginDisabled = true;
    }
    await act(async () => {
      system.actors.runAction.resolve(output);
      await settle();
    });
    if (toast) {
      expect(screen.getAllByText(toast).length).toBeGreaterThan(0);
      // The app is told after each change, so the data it shows follows (the dashboard's charts, the groups).
      expect(story.changes).toBe(changesBefore + 1);
    } else {
      expect(story.changes).toBe(changesBefore);
    }
  };
  const click = (target: () => HTMLElement, asked?: RunName) => async () => {
    if (asked) system.story.asked = asked;
    await act(async () => void fireEvent.click(target()));
  };
  const run = (name: RunName) => {
    const controls: Record<RunName, () => HTMLElement> = {
      ban: () => button(group(region('User'), 'User actions'), 'Ban'),
      unban: () => button(group(region('User'), 'User actions'), 'Unban'),
      fakeMetrics: () => button(group(region('Group'), 'Fake metrics'), '7 days'),
      makeAdmin: () => button(group(region('Membership'), 'Membership actions'), 'Set admin'),
      removeGroup: () => button(group(region('Group'), 'Remove data'), 'Remove group'),
      createUser: () => button(region('Create and truncate'), 'Create random user'),
      disableLogin: () => (region('Switches').getAllByRole('switch', CONTROLS) as HTMLInputElement[]).find((control) => control.labels?.[0]?.textContent === 'Login disabled')!,
      truncateUsers: () => button(region('Create and truncate'), 'Truncate all users'),
    };
    return click(controls[name], name);
  };
  const confirmation = () => within(screen.getByRole('dialog', { name: 'Truncate all users' }));
  return {
    states: {
      ready: () => {
        expectWaiting(system, null);
        expect(screen.queryByRole('dialog', { name: /^Truncate/ })).toBeNull();
        expectControls(system, true);
      },
      'ready.idle': () => expectProgress('empty', 'Find a record or choose an action.'),
      'ready.found': () => expectProgress('complete', `Found ${system.story.found}.`),
      'ready.done': () => expectProgress('complete', system.story.done!),
      'ready.failed': () => expectProgress('failed', system.story.failure!),
      finding: () => {
        expectWaiting(system, 'findTarget');
        expectProgress('running', 'Working…');
        expectControls(system, false);
      },
      'finding.user': () => expect(system.actors.findTarget.waitingInputs()[0]?.find).toEqual({ target: 'user', userId: USER.id }),
      'finding.group': () => expect(system.actors.findTarget.waitingInputs()[0]?.find).toEqual({ target: 'group', groupId: GROUP.id }),
      // Spec part 2 §7: find_membership (group_id, member_id), in the group found.
      'finding.membership': () =>
        expect(system.actors.findTarget.waitingInputs()[0]?.find).toEqual({ target: 'membership', groupId: GROUP.id, memberId: MEMBERSHIP.member_id }),
      // Spec part 2 §5: a mass removal is asked about first, and nothing is called meanwhile.
      confirming: () => {
        expectWaiting(system, null);
        expect(confirmation().getByText('Are you sure want to truncate all users? Every user but you is deleted, with their sessions and the groups they hold.')).toBeTruthy();
        expect(button(confirmation(), 'Truncate all users').disabled).toBe(false);
        expectControls(system, false);
      },
      running: () => {
        expectWaiting(system, 'runAction');
        expectProgress('running', 'Working…');
        expect(system.actors.runAction.waitingInputs()[0]?.action).toEqual(RUNS[system.story.asked!].action);
        expectControls(system, false);
      },
    },
    events: {
      'xstate.init': () => void system.actor.start(),
      // The finders' typeaheads are PrimeReact's AutoComplete; the workflow hears the record chosen.
      'lab.find': async ({ event }: { event: EventObject }) => act(async () => void system.actor.send(event as LabEvent)),
      'lab.run': async (step: { event: EventObject }) => run(runNameOf((step.event as Extract<LabEvent, { type: 'lab.run' }>).action)!)(),
      'lab.confirm': click(() => button(confirmation(), 'Truncate all users')),
      'lab.cancel': click(() => button(confirmation(), 'Cancel')),
      'xstate.done.actor.findUser': findAnswer('findUser'),
      'xstate.done.actor.findGroup': findAnswer('findGroup'),
      'xstate.done.actor.findMembership': findAnswer('findMembership'),
      'xstate.done.actor.runAction': runAnswer,
    },
  };
}

function labelAnswer(event: EventObject): string | undefined {
  if (event.type === 'lab.run') return `lab.run ${runNameOf((event as Extract<LabEvent, { type: 'lab.run' }>).action)}`;
  if (!event.type.startsWith('xstate.done.actor.')) return undefined;
  const output = (event as ActorDoneEvent<ActorOutput>).output;
  const known: Record<string, ActorOutput> = { ...finds, ...runs };
  return `${event.type.split('.')[3]} done: ${Object.entries(known).find(([, value]) => value === output)?.[0]}`;
}

describe('lab model', () => {
  afterEach(() => cleanup());

  itChecksEveryPath({ machine: labMachine, paths, startSystem: () => startSystem(), implementationFor, labelAnswer });
});

describe('a random group and its holder', () => {
  afterEach(() => cleanup());

  it('is held by the user found only when they have a profile id to hold it by', async () => {
    const find = createDeferredActor<FindAnswer, InputFrom<typeof findTarget>>();
    const actor = createActor(labMachine.provide({ actors: { findTarget: find.logic } }), { input: INPUT }).start();
    const heldBy = (user: LabUser) => ({ type: 'lab.run' as const, action: { name: 'create_random_group' as const, settings: { user_id: user.id } } });
    for (const user of [USER, RANDOM_USER]) {
      actor.send({ type: 'lab.find', target: 'user', id: user.id });
      find.resolve({ kind: 'found', found: { target: 'user', user } });
      await settle();
      expect(actor.getSnapshot().can(heldBy(user)), user.name).toBe(user.fb_user_id !== null);
    }
    actor.stop();
  });
});
