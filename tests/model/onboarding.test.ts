import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject, type InputFrom, type SnapshotFrom } from 'xstate';
import { createApiClient } from '../../src/api/client';
import { failureText } from '../../src/features/onboarding/failureText';
import { bookClubGroup, foundGroups, installedRobot, missingRobot, permissionFixture, USER_FLAGS } from '../../src/features/onboarding/fixtures';
import { ONBOARDING_STEP_TITLES } from '../../src/features/onboarding/stepTitles';
import type { Robot, RobotProgress } from '../../src/robot/protocol';
import type { acquireGroup, AcquireAnswer, fetchOwners, OwnersAnswer, scanAdmins } from '../../machines/confirmOwnership/actors';
import { confirmOwnershipMachine } from '../../machines/confirmOwnership/machine';
import type {
  CompletionSave,
  completeOnboarding,
  EngagementsScan,
  GroupScanInput,
  GroupsScan,
  MembersScan,
  RobotInput,
  ScanInput,
} from '../../machines/onboarding/actors';
import { onboardingMachine, type OnboardingEvent, type OnboardingInput } from '../../machines/onboarding/machine';
import { currentStep, stepMarkers, wizardButtons } from '../../machines/onboarding/selectors';
import { destinationAfter, isRobotInstalled, ONBOARDING_STEPS, type OwnershipConfirmation, type RobotStatus } from '../../machines/onboarding/steps';
import { createDeferredScan } from './onboardingDeferredScan';
import { renderOnboardingScreen } from './onboardingScreens';
import { createDeferredActor, settle } from './support/deferredActor';
import { createMachineTestModel } from './support/machineTestModel';
import { assertModelIsComplete, findModelGaps } from './support/modelGuard';
import { actorDoneEvents, actorErrorEvent, type ActorDoneEvent, type ActorErrorEvent } from './support/modelEvents';
import { namePath } from './support/pathNames';
import { measurePathCoverage } from './support/pathCoverage';

type Snapshot = SnapshotFrom<typeof onboardingMachine>;
type ActorOutput = RobotStatus | GroupsScan | MembersScan | EngagementsScan | CompletionSave | OwnershipConfirmation;
type ModelEvent = OnboardingEvent | ActorDoneEvent<ActorOutput> | ActorErrorEvent;

/** The route a token link saved before onboarding. */
const SAVED_ROUTE = '/support';
const disconnected = { source: 'robot', code: 'disconnected', message: 'The robot stopped answering.' } as const;

const progressOf = {
  fetch_user_groups: { command: 'fetch_user_groups', groupId: null, done: 2, total: 3 },
  fetch_group_members: { command: 'fetch_group_members', groupId: bookClubGroup.id, done: 640, total: null },
  fetch_group_posts: { command: 'fetch_group_posts', groupId: bookClubGroup.id, done: 4, total: 10 },
} satisfies Record<string, RobotProgress>;

const eventFixtures: { [Type in OnboardingEvent['type']]: Array<Extract<OnboardingEvent, { type: Type }>> } = {
  'wizard.open': ONBOARDING_STEPS.map((step) => ({ type: 'wizard.open', step })),
  'wizard.next': [{ type: 'wizard.next' }],
  'wizard.back': [{ type: 'wizard.back' }],
  'extension.check': [{ type: 'extension.check' }],
  'groups.rescan': [{ type: 'groups.rescan' }],
  'group.choose': [{ type: 'group.choose', groupId: bookClubGroup.id }],
  'step.retry': [{ type: 'step.retry' }],
  'robot.progress': Object.values(progressOf).map((progress) => ({ type: 'robot.progress', progress })),
  'onboarding.finish': [{ type: 'onboarding.finish' }],
};

const actorOutputs: Record<string, ActorOutput[]> = {
  checkRobot: [installedRobot, missingRobot],
  recheckRobot: [installedRobot, missingRobot],
  scanGroups: [
    { kind: 'scanned', groups: foundGroups },
    { kind: 'failed', failure: disconnected },
  ],
  // Already holding the group is the confirm-ownership model's; here the user acquires it, which changes their groups.
  confirmOwnership: ['acquired'],
  scanMembers: [
    { kind: 'scanned', members: 1284 },
    { kind: 'failed', failure: disconnected },
  ],
  scanEngagements: [
    { kind: 'scanned', posts: 10 },
    { kind: 'failed', failure: disconnected },
  ],
  completeOnboarding: [
    { kind: 'saved', flags: USER_FLAGS, isApiAdmin: true },
    { kind: 'saved', flags: USER_FLAGS, isApiAdmin: false },
    { kind: 'failed', failure: { source: 'server', message: 'The server answered with HTTP 502.' } },
  ],
};
/** The child statechart reports no errors: its own calls end in its failed state. */
const CRASHABLE = ['checkRobot', 'recheckRobot', 'scanGroups', 'scanMembers', 'scanEngagements', 'completeOnboarding'];

const modelEvents: ModelEvent[] = [
  ...Object.values(eventFixtures).flat(),
  ...Object.entries(actorOutputs).flatMap(([id, outputs]) => actorDoneEvents(id, outputs)),
  ...CRASHABLE.map((id) => actorErrorEvent(id, new Error(`${id} crashed`))),
];

const unusedApi = createApiClient({
  baseUrl: 'http://api.invalid/api/v1',
  fetch: () => Promise.reject(new Error('the model provides every actor')),
});
const input: OnboardingInput = { api: unusedApi, robot: {} as Robot, savedRoute: SAVED_ROUTE };

/** The scan running in each scanning state, by the command whose progress it reports. */
const SCANS = {
  fetch_user_groups: { state: { wizard: { groups: 'scanning' } }, actor: 'scanGroups', noun: 'groups' },
  fetch_group_members: { state: { wizard: { members: 'scanning' } }, actor: 'scanMembers', noun: 'members' },
  fetch_group_posts: { state: { wizard: { engagements: 'scanning' } }, actor: 'scanEngagements', noun: 'posts' },
} as const;

const model = createMachineTestModel(onboardingMachine, {
  input,
  events: modelEvents,
  distinguishingContext: (snapshot) => ({
    robot: snapshot.context.progress.robot?.presence ?? null,
    groups: snapshot.context.progress.groups !== null,
    chosen: snapshot.context.progress.chosenGroup?.id ?? null,
    ownership: snapshot.context.progress.ownership,
    members: snapshot.context.progress.membersScan !== null,
    engagements: snapshot.context.progress.engagementsScan !== null,
    completion: snapshot.context.progress.completion?.isApiAdmin ?? null,
    failure: snapshot.hasTag('failed') ? snapshot.context.failure?.source : null,
  }),
  isPossible: (snapshot, event) => {
    // The step list only opens other steps; the robot reports progress on the command it runs.
    if (event.type === 'wizard.open') return (event as Extract<OnboardingEvent, { type: 'wizard.open' }>).step !== currentStep(snapshot);
    if (event.type === 'robot.progress') {
      const { command } = (event as Extract<OnboardingEvent, { type: 'robot.progress' }>).progress;
      return snapshot.matches(SCANS[command as keyof typeof SCANS].state);
    }
    return true;
  },
});
const paths = model.getShortestPaths();

function startSystem() {
  const robotCheck = createDeferredActor<RobotStatus, RobotInput>();
  const scans = {
    scanGroups: createDeferredScan<GroupsScan, ScanInput>(),
    scanMembers: createDeferredScan<MembersScan, GroupScanInput>(),
    scanEngagements: createDeferredScan<EngagementsScan, GroupScanInput>(),
  };
  const completion = createDeferredActor<CompletionSave, InputFrom<typeof completeOnboarding>>();
  const ownership = {
    fetchOwners: createDeferredActor<OwnersAnswer, InputFrom<typeof fetchOwners>>(),
    scanAdmins: createDeferredActor<OwnersAnswer, InputFrom<typeof scanAdmins>>(),
    acquireGroup: createDeferredActor<AcquireAnswer, InputFrom<typeof acquireGroup>>(),
  };
  const effects = {
    shownSteps: [] as Array<{ step: string; replace: boolean }>,
    groupsChanged: 0,
    savedFlags: [] as unknown[],
    destinations: [] as unknown[],
  };
  const machine = onboardingMachine.provide({
    actors: {
      checkRobot: robotCheck.logic,
      scanGroups: scans.scanGroups.logic,
      scanMembers: scans.scanMembers.logic,
      scanEngagements: scans.scanEngagements.logic,
      completeOnboarding: completion.logic,
      confirmOwnership: confirmOwnershipMachine.provide({
        actors: { fetchOwners: ownership.fetchOwners.logic, scanAdmins: ownership.scanAdmins.logic, acquireGroup: ownership.acquireGroup.logic },
      }),
    },
    actions: {
      showStep: (_, shown) => void effects.shownSteps.push(shown),
      groupsChanged: () => void (effects.groupsChanged += 1),
      flagsSaved: (_, { flags }) => void effects.savedFlags.push(flags),
      leaveOnboarding: (_, { destination }) => void effects.destinations.push(destination),
    },
  });
  const actor = createActor(machine, { input });
  renderOnboardingScreen(actor);
  return { actor, robotCheck, scans, completion, ownership, effects };
}

type System = ReturnType<typeof startSystem>;
type ModelStep = { event: EventObject };
type Waiting = 'robotCheck' | keyof System['scans'] | 'completion' | 'fetchOwners' | null;

function waitingRuns(system: System): Record<Exclude<Waiting, null>, number> {
  return {
    robotCheck: system.robotCheck.waitingRuns(),
    scanGroups: system.scans.scanGroups.waitingRuns(),
    scanMembers: system.scans.scanMembers.waitingRuns(),
    scanEngagements: system.scans.scanEngagements.waitingRuns(),
    completion: system.completion.waitingRuns(),
    fetchOwners: system.ownership.fetchOwners.waitingRuns(),
  };
}

/** Exactly the named call is under way; no other. */
function expectOnlyWaiting(system: System, id: Waiting) {
  const runs = waitingRuns(system);
  expect(runs).toEqual(Object.fromEntries(Object.keys(runs).map((other) => [other, other === id ? 1 : 0])));
}

function stepLink(step: keyof typeof ONBOARDING_STEP_TITLES) {
  return screen.getByRole('link', { name: new RegExp(`^${ONBOARDING_STEP_TITLES[step]}(, done)?$`) });
}

/** The frame: the steps as the statechart marks them, Back and Next as it allows them, the address on the current step. */
function expectWizard(system: System, expected: Snapshot) {
  const actual = system.actor.getSnapshot();
  expect(actual.value).toEqual(expected.value);
  const shown = currentStep(expected)!;
  expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(ONBOARDING_STEP_TITLES[shown]);
  // Plain DOM reads: seven role queries per state would make the hundred-odd paths slow.
  const links = [...screen.getByRole('navigation', { name: 'Onboarding steps' }).querySelectorAll('a')];
  expect(
    links.map((link) => ({
      name: link.getAttribute('aria-label'),
      current: link.getAttribute('aria-current'),
      disabled: link.getAttribute('aria-disabled'),
    })),
  ).toEqual(
    stepMarkers(expected).map((marker) => ({
      name: `${ONBOARDING_STEP_TITLES[marker.step]}${marker.complete ? ', done' : ''}`,
      current: marker.current ? 'step' : null,
      disabled: marker.clickable || marker.current ? null : 'true',
    })),
  );
  const buttons = wizardButtons(expected);
  const back = screen.queryByRole('button', { name: 'Back' });
  const next = screen.queryByRole('button', { name: 'Next' });
  expect(back === null ? null : !back.hasAttribute('disabled')).toBe(buttons.back?.enabled ?? null);
  expect(next === null ? null : !next.hasAttribute('disabled')).toBe(buttons.next?.enabled ?? null);
  // The wizard landed on its first step by itself (replacing the address); every later move is the user's.
  expect(system.effects.shownSteps.at(-1)?.step).toBe(shown);
  expect(system.effects.shownSteps.map((entry) => entry.replace)).toEqual(system.effects.shownSteps.map((_, index) => index === 0));
}

function expectScanning(system: System, expected: Snapshot, command: keyof typeof SCANS) {
  const scan = SCANS[command];
  expectOnlyWaiting(system, scan.actor);
  const progress = expected.context.scanProgress;
  const text = progress
    ? progress.total === null
      ? `${progress.done} ${scan.noun} so far`
      : `${progress.done} of ${progress.total} ${scan.noun}`
    : `0 ${scan.noun} so far`;
  expect(screen.getByText(text)).toBeInTheDocument();
}

function expectFailure(system: System, expected: Snapshot) {
  expectOnlyWaiting(system, null);
  expect(screen.getByRole('alert')).toHaveTextContent(failureText(expected.context.failure!));
  expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
}

function implementationFor(system: System) {
  const click = async (element: HTMLElement) => {
    await act(async () => void fireEvent.click(element));
  };
  const settleWith = async (run: () => void) => {
    await act(async () => {
      run();
      await settle();
    });
  };
  const done = (settleRun: (output: never) => void) => async ({ event }: ModelStep) =>
    settleWith(() => settleRun((event as ActorDoneEvent<never>).output));
  const crash = (rejectRun: (error: unknown) => void) => async ({ event }: ModelStep) =>
    settleWith(() => rejectRun((event as ActorErrorEvent).error));

  /** Confirm Permissions as the user goes through it: the robot scans the admins, then 'Yes, this is my group'. */
  const acquireOwnership = async () => {
    const { fetchOwners, scanAdmins, acquireGroup } = system.ownership;
    await settleWith(() => fetchOwners.resolve({ kind: 'answered', permission: permissionFixture({ role: null }) }));
    await settleWith(() => scanAdmins.resolve({ kind: 'answered', permission: permissionFixture({ role: 'admin' }) }));
    await click(screen.getByRole('button', { name: 'Yes, this is my group' }));
    await settleWith(() => acquireGroup.resolve({ kind: 'acquired' }));
  };

  return {
    states: {
      checkingRobot: (expected: Snapshot) => {
        expect(system.actor.getSnapshot().value).toEqual(expected.value);
        expectOnlyWaiting(system, 'robotCheck');
        expect(screen.getByRole('status')).toHaveTextContent('Checking the xFilter extension…');
        expect(screen.queryByRole('button')).toBeNull();
        expect(system.effects.shownSteps).toEqual([]);
      },
      wizard: (expected: Snapshot) => expectWizard(system, expected),
      'wizard.extension': (expected: Snapshot) => {
        const installed = isRobotInstalled(expected.context.progress.robot);
        expect(screen.queryByText('The xFilter extension is installed in this browser.') !== null).toBe(installed);
        expect(screen.queryByText('The xFilter extension is not installed in this browser.') !== null).toBe(!installed);
      },
      'wizard.extension.showingStatus': (expected: Snapshot) => {
        expectOnlyWaiting(system, null);
        const check = screen.queryByRole('button', { name: 'Check again' });
        if (isRobotInstalled(expected.context.progress.robot)) expect(check).toBeNull();
        else expect(check).toBeEnabled();
      },
      'wizard.extension.checking': () => {
        expectOnlyWaiting(system, 'robotCheck');
        expect(screen.getByRole('button', { name: 'Checking…' })).toBeDisabled();
      },
      'wizard.groups': () => expect(screen.queryByRole('radio')).toBeNull(),
      'wizard.groups.scanning': (expected: Snapshot) => expectScanning(system, expected, 'fetch_user_groups'),
      'wizard.groups.scanned': (expected: Snapshot) => {
        expectOnlyWaiting(system, null);
        const found = within(screen.getByRole('list', { name: 'Groups found' })).getAllByRole('listitem');
        expect(found).toHaveLength(expected.context.progress.groups!.length);
        expect(screen.getByRole('button', { name: 'Scan again' })).toBeEnabled();
      },
      'wizard.groups.failed': (expected: Snapshot) => expectFailure(system, expected),
      'wizard.choose': (expected: Snapshot) => {
        expectOnlyWaiting(system, null);
        const chosenId = expected.context.progress.chosenGroup?.id;
        for (const group of expected.context.progress.groups!) {
          const option = screen.getByRole('radio', { name: group.name });
          expect(option).toHaveProperty('checked', group.id === chosenId);
          expect(option).toBeEnabled();
        }
      },
      'wizard.ownership': (expected: Snapshot) => {
        expect(expected.context.progress.chosenGroup).toEqual(bookClubGroup);
      },
      'wizard.ownership.confirming': () => {
        expectOnlyWaiting(system, 'fetchOwners');
        expect(screen.getByRole('status')).toHaveTextContent(`Checking who holds ${bookClubGroup.name} in xFilter…`);
      },
      'wizard.ownership.confirmed': (expected: Snapshot) => {
        expectOnlyWaiting(system, null);
        expect(expected.context.progress.ownership).toBe('acquired');
        expect(screen.getByText(`${bookClubGroup.name} is connected to your account.`)).toBeInTheDocument();
        expect(system.effects.groupsChanged).toBe(1);
      },
      'wizard.members': () => expect(screen.queryByRole('radio')).toBeNull(),
      'wizard.members.scanning': (expected: Snapshot) => {
        expectScanning(system, expected, 'fetch_group_members');
        expect(system.scans.scanMembers.lastInput().group).toEqual(bookClubGroup);
      },
      'wizard.members.scanned': (expected: Snapshot) => {
        expectOnlyWaiting(system, null);
        expect(screen.getByText(`${expected.context.progress.membersScan!.members.toLocaleString('en-US')} members of ${bookClubGroup.name} scanned.`)).toBeInTheDocument();
      },
      'wizard.members.failed': (expected: Snapshot) => expectFailure(system, expected),
      'wizard.engagements': () => {
        expect(screen.getByText('Posts back').nextElementSibling).toHaveTextContent('10');
        expect(screen.getByText('Reactions per post').nextElementSibling).toHaveTextContent('100');
        expect(screen.getByText('Comments per post').nextElementSibling).toHaveTextContent('50');
      },
      'wizard.engagements.scanning': (expected: Snapshot) => {
        expectScanning(system, expected, 'fetch_group_posts');
        expect(system.scans.scanEngagements.lastInput().group).toEqual(bookClubGroup);
      },
      'wizard.engagements.scanned': (expected: Snapshot) => {
        expectOnlyWaiting(system, null);
        expect(screen.getByText(`${expected.context.progress.engagementsScan!.posts} posts of ${bookClubGroup.name} scanned with their engagement.`)).toBeInTheDocument();
      },
      'wizard.engagements.failed': (expected: Snapshot) => expectFailure(system, expected),
      'wizard.complete': () => expect(screen.queryByRole('button', { name: 'Next' })).toBeNull(),
      'wizard.complete.saving': () => {
        expectOnlyWaiting(system, 'completion');
        expect(screen.getByRole('status')).toHaveTextContent('Saving your onboarding…');
      },
      'wizard.complete.saved': (expected: Snapshot) => {
        expectOnlyWaiting(system, null);
        const holds = expected.context.progress.completion!.isApiAdmin;
        expect(screen.getByRole('button', { name: holds ? 'Go to members' : 'Continue' })).toBeEnabled();
        expect(system.effects.savedFlags.at(-1)).toEqual(USER_FLAGS);
      },
      'wizard.complete.failed': (expected: Snapshot) => {
        expectFailure(system, expected);
        expect(system.effects.savedFlags).toEqual([]);
      },
      finished: (expected: Snapshot) => {
        expect(system.actor.getSnapshot().status).toBe('done');
        expect(system.effects.destinations).toEqual([destinationAfter(expected.context.progress, SAVED_ROUTE)]);
      },
    },
    events: {
      'xstate.init': () => void system.actor.start(),
      'wizard.open': async ({ event }: ModelStep) => click(stepLink((event as Extract<OnboardingEvent, { type: 'wizard.open' }>).step)),
      'wizard.next': async () => click(screen.getByRole('button', { name: 'Next' })),
      'wizard.back': async () => click(screen.getByRole('button', { name: 'Back' })),
      'extension.check': async () => click(screen.getByRole('button', { name: 'Check again' })),
      'groups.rescan': async () => click(screen.getByRole('button', { name: 'Scan again' })),
      'group.choose': async ({ event }: ModelStep) => {
        const { groupId } = event as Extract<OnboardingEvent, { type: 'group.choose' }>;
        await click(screen.getByRole('radio', { name: foundGroups.find((group) => group.id === groupId)!.name }));
      },
      'step.retry': async () => click(screen.getByRole('button', { name: 'Try again' })),
      'robot.progress': async ({ event }: ModelStep) => {
        const { progress } = event as Extract<OnboardingEvent, { type: 'robot.progress' }>;
        await settleWith(() => system.scans[SCANS[progress.command as keyof typeof SCANS].actor].reportProgress(progress));
      },
      'onboarding.finish': async () => click(screen.getByRole('button', { name: /^(Go to members|Continue)$/ })),
      'xstate.done.actor.checkRobot': done((output) => system.robotCheck.resolve(output)),
      'xstate.error.actor.checkRobot': crash((error) => system.robotCheck.reject(error)),
      'xstate.done.actor.recheckRobot': done((output) => system.robotCheck.resolve(output)),
      'xstate.error.actor.recheckRobot': crash((error) => system.robotCheck.reject(error)),
      'xstate.done.actor.scanGroups': done((output) => system.scans.scanGroups.resolve(output)),
      'xstate.error.actor.scanGroups': crash((error) => system.scans.scanGroups.reject(error)),
      'xstate.done.actor.confirmOwnership': acquireOwnership,
      'xstate.done.actor.scanMembers': done((output) => system.scans.scanMembers.resolve(output)),
      'xstate.error.actor.scanMembers': crash((error) => system.scans.scanMembers.reject(error)),
      'xstate.done.actor.scanEngagements': done((output) => system.scans.scanEngagements.resolve(output)),
      'xstate.error.actor.scanEngagements': crash((error) => system.scans.scanEngagements.reject(error)),
      'xstate.done.actor.completeOnboarding': done((output) => system.completion.resolve(output)),
      'xstate.error.actor.completeOnboarding': crash((error) => system.completion.reject(error)),
    },
  };
}

/** Answers by what matters: `scanGroups done: scanned`, `checkRobot done: installed`. */
function labelOnboardingEvent(event: EventObject): string | undefined {
  if (event.type === 'robot.progress') return `robot.progress (${(event as Extract<OnboardingEvent, { type: 'robot.progress' }>).progress.command})`;
  if (!event.type.startsWith('xstate.done.actor.')) return undefined;
  const output = (event as ActorDoneEvent<ActorOutput>).output;
  const name = event.type.split('.')[3];
  if (typeof output === 'string') return `${name} done: ${output}`;
  if ('presence' in output) return `${name} done: ${output.presence}`;
  if (output.kind === 'saved') return `${name} done: saved${output.isApiAdmin ? ', holds the group' : ''}`;
  return `${name} done: ${output.kind}`;
}

describe('onboarding model', () => {
  it('has an assertion for every state and an executor for every event', () => {
    assertModelIsComplete(onboardingMachine, implementationFor(startSystem()));
  });

  it('reports a state without an assertion and an event without an executor', () => {
    const { states, events } = implementationFor(startSystem());
    const { 'wizard.choose': _state, ...statesButOne } = states;
    const { 'group.choose': _event, ...eventsButOne } = events;
    expect(findModelGaps(onboardingMachine, { states: statesButOne, events: eventsButOne })).toEqual([
      "state 'wizard.choose' has no assertion",
      "event 'group.choose' has no executor",
    ]);
  });

  it('takes every transition and visits every state along its paths', () => {
    expect(measurePathCoverage(onboardingMachine, paths)).toEqual({ statesMissed: [], transitionsMissed: [] });
  });

  it.each(paths.map((path) => [namePath(path, labelOnboardingEvent), path] as const))('%s', async (_name, path) => {
    const system = startSystem();
    await path.test(implementationFor(system));
    system.actor.stop();
  });
});
