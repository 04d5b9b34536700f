import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type EventObject, type InputFrom, type SnapshotFrom } from 'xstate';
import { createApiClient } from '../../src/api/client';
import { failureText } from '../../src/features/onboarding/failureText';
import {
  bookClubGroup,
  COMPLETION_ANSWERS,
  foundGroups,
  installedRobot,
  missingRobot,
  permissionFixture,
  progressUpTo,
  SCAN_ANSWERS,
  SCAN_RESULTS,
  USER_FLAGS,
} from '../../src/features/onboarding/fixtures';
import { ONBOARDING_STEP_TITLES } from '../../src/features/onboarding/stepTitles';
import type { Robot, RobotProgress } from '../../src/robot/protocol';
import type { acquireGroup, AcquireAnswer, fetchOwners, OwnersAnswer, scanAdmins } from '../../machines/confirmOwnership/actors';
import { confirmOwnershipMachine } from '../../machines/confirmOwnership/machine';
import type {
  CompletionSave,
  completeOnboarding,
  ProgressSaveInput,
  RobotInput,
  ScanJob,
  ScanOutcome,
  ScanResult,
  ScanRunInput,
} from '../../machines/onboarding/actors';
import { onboardingMachine, type OnboardingEvent, type OnboardingInput } from '../../machines/onboarding/machine';
import { scanMachine, type ScanEvent } from '../../machines/onboarding/scan';
import { currentStep, stepMarkers, wizardButtons } from '../../machines/onboarding/selectors';
import type { StepFailure } from '../../machines/shared/stepFailure';
import {
  destinationAfter,
  isRobotInstalled,
  ONBOARDING_STEPS,
  storedProgressOf,
  type OnboardingStep,
  type OwnershipConfirmation,
  type RobotStatus,
  type StoredOnboardingProgress,
} from '../../machines/onboarding/steps';
import { createDeferredScan } from './onboardingDeferredScan';
import { renderOnboardingScreen } from './onboardingScreens';
import { createDeferredActor, settle } from './support/deferredActor';
import { createMachineTestModel } from './support/machineTestModel';
import { assertModelIsComplete, findModelGaps } from './support/modelGuard';
import { actorDoneEvents, actorErrorEvent, type ActorDoneEvent, type ActorErrorEvent } from './support/modelEvents';
import { namePath } from './support/pathNames';
import { measurePathCoverage } from './support/pathCoverage';
import { SPEC_ONBOARDING_SCAN } from '../support/spec-numbers';

type Snapshot = SnapshotFrom<typeof onboardingMachine>;
type ActorOutput = RobotStatus | ScanResult | ScanOutcome | CompletionSave | OwnershipConfirmation;
type ModelEvent = OnboardingEvent | ActorDoneEvent<ActorOutput> | ActorErrorEvent;

/** The route a token link saved before onboarding. */
const SAVED_ROUTE = '/support';


const eventFixtures: { [Type in OnboardingEvent['type']]: Array<Extract<OnboardingEvent, { type: Type }>> } = {
  'wizard.open': ONBOARDING_STEPS.map((step) => ({ type: 'wizard.open', step })),
  'wizard.next': [{ type: 'wizard.next' }],
  'wizard.back': [{ type: 'wizard.back' }],
  'extension.check': [{ type: 'extension.check' }],
  'groups.rescan': [{ type: 'groups.rescan' }],
  'group.choose': [{ type: 'group.choose', groupId: bookClubGroup.id }],
  'step.retry': [{ type: 'step.retry' }],
  'onboarding.finish': [{ type: 'onboarding.finish' }],
  // The wizard's own answer from a progress save, not something the user does.
  'progress.saved': [],
};

const actorOutputs: Record<string, ActorOutput[]> = {
  checkRobot: [installedRobot, missingRobot],
  recheckRobot: [installedRobot, missingRobot],
  // A scan's progress, failure and retry are the scan model's (below); here each scan finds what it looks for, or no group at all.
  groupsScan: [SCAN_RESULTS.groups, { kind: 'groups', groups: [] }],
  // Already holding the group is the confirm-ownership model's; here the user acquires it, which changes their groups.
  confirmOwnership: ['acquired'],
  membersScan: [SCAN_RESULTS.members],
  engagementsScan: [SCAN_RESULTS.engagements],
  completeOnboarding: Object.values(COMPLETION_ANSWERS),
};
/** The child statecharts report no errors: their own calls end in their failed states. */
const CRASHABLE = ['checkRobot', 'recheckRobot', 'completeOnboarding'];

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

/** What each scan counts, as its progress names it. */
const SCAN_NOUNS = { groups: 'groups', members: 'members', engagements: 'posts' } as const;

const model = createMachineTestModel(onboardingMachine, {
  input,
  events: modelEvents,
  distinguishingContext: (snapshot) => ({
    robot: snapshot.context.progress.robot?.presence ?? null,
    groups: snapshot.context.progress.groups?.length ?? null,
    chosen: snapshot.context.progress.chosenGroup?.id ?? null,
    ownership: snapshot.context.progress.ownership,
    members: snapshot.context.progress.membersScan !== null,
    engagements: snapshot.context.progress.engagementsScan !== null,
    completion: snapshot.context.progress.completion?.isApiAdmin ?? null,
    failure: snapshot.hasTag('failed') ? snapshot.context.failure?.source : null,
  }),
  isPossible: (snapshot, event) => {
    // The step list only opens other steps.
    if (event.type === 'wizard.open') return (event as Extract<OnboardingEvent, { type: 'wizard.open' }>).step !== currentStep(snapshot);
    return true;
  },
});
const paths = model.getShortestPaths();

/** The steps a reload or a new sign-in can resume at, the robot installed: every step after Install Extension. */
const RESUMABLE_STEPS = ONBOARDING_STEPS.filter((step) => step !== 'extension');

/** The progress the server kept when the user left with every step before the given one done. */
function storedUpTo(step: OnboardingStep): StoredOnboardingProgress {
  return storedProgressOf(progressUpTo[step]);
}

/** The wizard started again from what the server kept, up to each step: the robot answers, the wizard resumes. */
const resumedPaths = RESUMABLE_STEPS.map((step) => {
  const resumedInput = { ...input, storedProgress: storedUpTo(step) };
  const resumeModel = createMachineTestModel(onboardingMachine, {
    input: resumedInput,
    events: [...actorDoneEvents<ActorOutput>('checkRobot', [installedRobot, missingRobot])],
    distinguishingContext: () => ({}),
  });
  return { step, resumedInput, paths: resumeModel.getShortestPaths() };
});

function startSystem(systemInput: OnboardingInput = input) {
  const robotCheck = createDeferredActor<RobotStatus, RobotInput>();
  const scan = createDeferredScan<ScanOutcome, ScanRunInput>();
  const completion = createDeferredActor<CompletionSave, InputFrom<typeof completeOnboarding>>();
  const ownership = {
    fetchOwners: createDeferredActor<OwnersAnswer, InputFrom<typeof fetchOwners>>(),
    scanAdmins: createDeferredActor<OwnersAnswer, InputFrom<typeof scanAdmins>>(),
    acquireGroup: createDeferredActor<AcquireAnswer, InputFrom<typeof acquireGroup>>(),
  };
  const effects = {
    shownSteps: [] as Array<{ step: string; replace: boolean }>,
    /** Each progress save the wizard asked for, in order. */
    progressSaves: [] as ProgressSaveInput[],
    groupsChanged: 0,
    savedFlags: [] as unknown[],
    destinations: [] as unknown[],
  };
  const machine = onboardingMachine.provide({
    actors: {
      checkRobot: robotCheck.logic,
      scan: scanMachine.provide({ actors: { runScan: scan.logic } }),
      completeOnboarding: completion.logic,
      saveProgress: fromPromise<void, ProgressSaveInput>(async ({ input: save }) => void effects.progressSaves.push(save)),
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
  const actor = createActor(machine, { input: systemInput });
  renderOnboardingScreen(actor);
  return { actor, robotCheck, scan, completion, ownership, effects };
}

type System = ReturnType<typeof startSystem>;
type ModelStep = { event: EventObject };
type Waiting = 'robotCheck' | ScanJob['kind'] | 'completion' | 'fetchOwners' | null;

function waitingRuns(system: System): Record<Exclude<Waiting, null>, number> {
  const scans = system.scan.waitingInputs().map((input) => input.job.kind);
  return {
    robotCheck: system.robotCheck.waitingRuns(),
    groups: scans.filter((kind) => kind === 'groups').length,
    members: scans.filter((kind) => kind === 'members').length,
    engagements: scans.filter((kind) => kind === 'engagements').length,
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
  // The wizard landed on its first step by itself (replacing the address); every later move adds an address.
  expect(system.effects.shownSteps.at(-1)?.step).toBe(shown);
  expect(system.effects.shownSteps.map((entry) => entry.replace)).toEqual(system.effects.shownSteps.map((_, index) => index === 0));
}

/** A scan under way: its robot command runs, and its progress shows as the robot last reported it on this run. */
function expectScanning(system: System, kind: ScanJob['kind']) {
  expectOnlyWaiting(system, kind);
  const progress = system.scan.reportedProgress();
  const noun = SCAN_NOUNS[kind];
  const text = progress
    ? progress.total === null
      ? `${progress.done} ${noun} so far`
      : `${progress.done} of ${progress.total} ${noun}`
    : `0 ${noun} so far`;
  expect(screen.getByText(text)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
}

function expectFailure(system: System, failure: StepFailure | null) {
  expectOnlyWaiting(system, null);
  expect(failure).not.toBeNull();
  expect(screen.getByRole('alert')).toHaveTextContent(failureText(failure as StepFailure));
  expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
}

/** What the wizard shows once each scan has found what it looked for. */
function expectScanned(kind: ScanJob['kind'], groups: number) {
  if (kind === 'groups' && groups === 0) expect(screen.getByText(/^The robot found no groups for your account\./)).toBeInTheDocument();
  if (kind === 'groups' && groups > 0) expect(within(screen.getByRole('list', { name: 'Groups found' })).getAllByRole('listitem')).toHaveLength(groups);
  if (kind === 'members') expect(screen.getByText(`${SCAN_RESULTS.members.members.toLocaleString('en-US')} members of ${bookClubGroup.name} scanned.`)).toBeInTheDocument();
  if (kind === 'engagements') expect(screen.getByText(`${SCAN_RESULTS.engagements.posts} posts of ${bookClubGroup.name} scanned with their engagement.`)).toBeInTheDocument();
}

/** What the user and the world do to the wizard: clicks, and calls that answer. */
function worldOf(system: System) {
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

  return { click, settleWith, done, crash, acquireOwnership };
}

function implementationFor(system: System) {
  const { click, settleWith, done, crash, acquireOwnership } = worldOf(system);
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
      'wizard.groups.scanning': () => expectScanning(system, 'groups'),
      'wizard.groups.scanned': (expected: Snapshot) => {
        expectOnlyWaiting(system, null);
        expectScanned('groups', expected.context.progress.groups!.length);
        expect(screen.getByRole('button', { name: 'Scan again' })).toBeEnabled();
      },
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
      'wizard.members.scanning': () => {
        expectScanning(system, 'members');
        expect(system.scan.lastInput().job).toEqual({ kind: 'members', group: bookClubGroup });
      },
      'wizard.members.scanned': () => {
        expectOnlyWaiting(system, null);
        expectScanned('members', foundGroups.length);
      },
      'wizard.engagements': () => {
        const shown = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
        expect(shown('Looks back by')).toBe('Posts');
        expect(shown('Posts back')).toBe(String(SPEC_ONBOARDING_SCAN.engagement_sync_posts_back));
        expect(shown('Reactions per post')).toBe(String(SPEC_ONBOARDING_SCAN.engagement_sync_reactions_per_post));
        expect(shown('Comments per post')).toBe(String(SPEC_ONBOARDING_SCAN.engagement_sync_comments_per_post));
      },
      'wizard.engagements.scanning': () => {
        expectScanning(system, 'engagements');
        expect(system.scan.lastInput().job).toEqual({ kind: 'engagements', group: bookClubGroup });
      },
      'wizard.engagements.scanned': () => {
        expectOnlyWaiting(system, null);
        expectScanned('engagements', foundGroups.length);
      },
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
        expectFailure(system, expected.context.failure);
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
      'onboarding.finish': async () => click(screen.getByRole('button', { name: /^(Go to members|Continue)$/ })),
      'progress.saved': async ({ event }: ModelStep) => {
        const { flags } = event as Extract<OnboardingEvent, { type: 'progress.saved' }>;
        await settleWith(() => system.effects.progressSaves.at(-1)!.onSaved(flags));
      },
      'xstate.done.actor.checkRobot': done((output) => system.robotCheck.resolve(output)),
      'xstate.error.actor.checkRobot': crash((error) => system.robotCheck.reject(error)),
      'xstate.done.actor.recheckRobot': done((output) => system.robotCheck.resolve(output)),
      'xstate.error.actor.recheckRobot': crash((error) => system.robotCheck.reject(error)),
      'xstate.done.actor.groupsScan': done((result: ScanResult) => system.scan.resolve({ kind: 'scanned', result })),
      'xstate.done.actor.confirmOwnership': acquireOwnership,
      'xstate.done.actor.membersScan': done((result: ScanResult) => system.scan.resolve({ kind: 'scanned', result })),
      'xstate.done.actor.engagementsScan': done((result: ScanResult) => system.scan.resolve({ kind: 'scanned', result })),
      'xstate.done.actor.completeOnboarding': done((output) => system.completion.resolve(output)),
      'xstate.error.actor.completeOnboarding': crash((error) => system.completion.reject(error)),
    },
  };
}

/** Answers by what matters: `scanGroups done: scanned`, `checkRobot done: installed`. */
function labelOnboardingEvent(event: EventObject): string | undefined {
  if (!event.type.startsWith('xstate.done.actor.')) return undefined;
  const output = (event as ActorDoneEvent<ActorOutput>).output;
  const name = event.type.split('.')[3];
  if (typeof output === 'string') return `${name} done: ${output}`;
  if ('kind' in output && output.kind === 'groups' && output.groups.length === 0) return `${name} done: no groups`;
  if ('presence' in output) return `${name} done: ${output.presence}`;
  if (output.kind === 'saved') return `${name} done: saved${output.isApiAdmin ? ', holds the group' : ''}`;
  if (output.kind !== 'failed' && output.kind !== 'scanned') return `${name} done: scanned`;
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
    const resumed = resumedPaths.flatMap((resume) => resume.paths);
    // A progress save's answer changes no state; 'hands the flags of each progress save to the session' takes it.
    expect(measurePathCoverage(onboardingMachine, [...paths, ...resumed])).toEqual({
      statesMissed: [],
      transitionsMissed: ['onboarding on progress.saved #0'],
    });
  });

  it.each(paths.map((path) => [namePath(path, labelOnboardingEvent), path] as const))('%s', async (_name, path) => {
    const system = startSystem();
    await path.test(implementationFor(system));
    system.actor.stop();
  });

  it.each(resumedPaths.flatMap(({ step, resumedInput, paths: stepPaths }) =>
    stepPaths.map((path) => [`resumed up to ${step}: ${namePath(path, labelOnboardingEvent)}`, resumedInput, path] as const),
  ))('%s', async (_name, resumedInput, path) => {
    const system = startSystem(resumedInput);
    await path.test(implementationFor(system));
    system.actor.stop();
  });
});

describe('onboarding kept on the server (spec part 1 §2: the wizard goes to the last available step)', () => {
  it.each(RESUMABLE_STEPS)('after a reload or a new sign-in with every step before %s done, opens that step', async (step) => {
    const system = startSystem({ ...input, storedProgress: storedUpTo(step) });
    const { settleWith } = worldOf(system);
    system.actor.start();
    await settleWith(() => system.robotCheck.resolve(installedRobot));
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(ONBOARDING_STEP_TITLES[step]);
    expect(system.effects.shownSteps).toEqual([{ step, replace: true }]);
    // What was scanned before is not scanned again.
    expect(waitingRuns(system).groups).toBe(step === 'groups' ? 1 : 0);
    for (const done of ONBOARDING_STEPS.slice(0, ONBOARDING_STEPS.indexOf(step))) {
      expect(stepLink(done)).toHaveAccessibleName(`${ONBOARDING_STEP_TITLES[done]}, done`);
    }
    system.actor.stop();
  });

  it("resumes at Scan Members for the group acquired with 'Yes, this is my group' before signing out", async () => {
    const before = startSystem();
    const { click, settleWith, acquireOwnership } = worldOf(before);
    before.actor.start();
    await settleWith(() => before.robotCheck.resolve(installedRobot));
    await settleWith(() => before.scan.resolve({ kind: 'scanned', result: SCAN_RESULTS.groups }));
    await click(screen.getByRole('radio', { name: bookClubGroup.name }));
    await click(screen.getByRole('button', { name: 'Next' }));
    await acquireOwnership();
    const kept = before.effects.progressSaves.at(-1)!.progress;
    expect(kept).toEqual({ groups: foundGroups, chosen_group_id: bookClubGroup.id, ownership: 'acquired', members_scan: null, engagements_scan: null });
    before.actor.stop();
    cleanup();

    const after = startSystem({ ...input, storedProgress: kept });
    after.actor.start();
    await worldOf(after).settleWith(() => after.robotCheck.resolve(installedRobot));
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(ONBOARDING_STEP_TITLES.members);
    expect(after.scan.waitingInputs().map((run) => run.job)).toEqual([{ kind: 'members', group: bookClubGroup }]);
    after.actor.stop();
  });

  it('keeps the progress as each step completes, and hands the flags of each progress save to the session', async () => {
    const system = startSystem();
    const { click, settleWith, acquireOwnership } = worldOf(system);
    const next = () => click(screen.getByRole('button', { name: 'Next' }));
    system.actor.start();
    await settleWith(() => system.robotCheck.resolve(installedRobot));
    expect(system.effects.progressSaves).toEqual([]);
    await settleWith(() => system.scan.resolve({ kind: 'scanned', result: SCAN_RESULTS.groups }));
    await click(screen.getByRole('radio', { name: bookClubGroup.name }));
    await next();
    await acquireOwnership();
    await next();
    await settleWith(() => system.scan.resolve({ kind: 'scanned', result: SCAN_RESULTS.members }));
    await next();
    await settleWith(() => system.scan.resolve({ kind: 'scanned', result: SCAN_RESULTS.engagements }));
    expect(system.effects.progressSaves.map((save) => save.progress)).toEqual([
      storedUpTo('choose'),
      storedUpTo('ownership'),
      storedUpTo('members'),
      storedUpTo('engagements'),
      storedUpTo('complete'),
    ]);
    const flags = { ...USER_FLAGS, onboarding_completed: false, onboarding_progress: storedUpTo('complete') };
    await settleWith(() => system.effects.progressSaves.at(-1)!.onSaved(flags));
    expect(system.effects.savedFlags).toEqual([flags]);
    system.actor.stop();
  });
});

const SCAN_KINDS: ScanJob['kind'][] = ['groups', 'members', 'engagements'];

const scanJobs: { [Kind in ScanJob['kind']]: Extract<ScanJob, { kind: Kind }> } = {
  groups: { kind: 'groups' },
  members: { kind: 'members', group: bookClubGroup },
  engagements: { kind: 'engagements', group: bookClubGroup },
};

const scanProgressOf = {
  groups: { command: 'fetch_user_groups', groupId: null, done: 2, total: 3 },
  members: { command: 'fetch_group_members', groupId: bookClubGroup.id, done: 640, total: null },
  engagements: { command: 'fetch_group_posts', groupId: bookClubGroup.id, done: 4, total: 10 },
} satisfies Record<ScanJob['kind'], RobotProgress>;

/** Brings the wizard to the scan of the given step as the user would, every step before it done. */
async function openScan(system: System, kind: ScanJob['kind']) {
  const { click, settleWith, acquireOwnership } = worldOf(system);
  const next = () => click(screen.getByRole('button', { name: 'Next' }));
  system.actor.start();
  await settleWith(() => system.robotCheck.resolve(installedRobot));
  if (kind === 'groups') return;
  await settleWith(() => system.scan.resolve({ kind: 'scanned', result: SCAN_RESULTS.groups }));
  await click(screen.getByRole('radio', { name: bookClubGroup.name }));
  await next();
  await acquireOwnership();
  await next();
  if (kind === 'members') return;
  await settleWith(() => system.scan.resolve({ kind: 'scanned', result: SCAN_RESULTS.members }));
  await next();
}

/** A scan as the wizard shows it in its step: the robot's progress, a failure with Try again, what it found. */
function scanImplementationFor(system: System, kind: ScanJob['kind']) {
  const { click, settleWith, done, crash } = worldOf(system);
  /** Why the last run failed, as the robot answered or the run threw. */
  let failure: StepFailure | null = null;
  return {
    states: {
      scanning: () => {
        expectScanning(system, kind);
        expect(system.scan.lastInput().job).toEqual(scanJobs[kind]);
      },
      failed: () => expectFailure(system, failure),
      scanned: () => {
        expectOnlyWaiting(system, null);
        expect(stepLink(kind)).toHaveAccessibleName(`${ONBOARDING_STEP_TITLES[kind]}, done`);
        if (kind === 'groups') {
          // The groups found, the wizard moves on to Select Group by itself: the last available step.
          expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(ONBOARDING_STEP_TITLES.choose);
          for (const group of foundGroups) expect(screen.getByRole('radio', { name: group.name })).not.toBeChecked();
          return;
        }
        expectScanned(kind, foundGroups.length);
        expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
      },
    },
    events: {
      'xstate.init': () => openScan(system, kind),
      'robot.progress': async ({ event }: ModelStep) =>
        settleWith(() => system.scan.reportProgress((event as Extract<ScanEvent, { type: 'robot.progress' }>).progress)),
      'scan.retry': async () => click(screen.getByRole('button', { name: 'Try again' })),
      'xstate.done.actor.runScan': done((outcome: ScanOutcome) => {
        failure = outcome.kind === 'failed' ? outcome.failure : null;
        system.scan.resolve(outcome);
      }),
      'xstate.error.actor.runScan': crash((error) => {
        failure = { source: 'unexpected', message: String((error as Error).message) };
        system.scan.reject(error);
      }),
    },
  };
}

describe.each(SCAN_KINDS)('onboarding %s scan model', (kind) => {
  const scanModel = createMachineTestModel(scanMachine, {
    input: { robot: input.robot, job: scanJobs[kind] },
    events: [
      { type: 'robot.progress', progress: scanProgressOf[kind] },
      { type: 'scan.retry' },
      ...actorDoneEvents<ScanOutcome>('runScan', [{ kind: 'scanned', result: SCAN_RESULTS[kind] }, SCAN_ANSWERS.disconnected]),
      actorErrorEvent('runScan', new Error('runScan crashed')),
    ],
    distinguishingContext: (snapshot) => ({ failure: snapshot.context.failure?.source ?? null }),
  });
  const scanPaths = scanModel.getShortestPaths();

  it('has an assertion for every state and an executor for every event', () => {
    assertModelIsComplete(scanMachine, scanImplementationFor(startSystem(), kind));
  });

  it('takes every transition and visits every state along its paths', () => {
    expect(measurePathCoverage(scanMachine, scanPaths)).toEqual({ statesMissed: [], transitionsMissed: [] });
  });

  it.each(scanPaths.map((path) => [namePath(path, labelOnboardingEvent), path] as const))('%s', async (_name, path) => {
    const system = startSystem();
    await path.test(scanImplementationFor(system, kind));
    system.actor.stop();
  });
});
