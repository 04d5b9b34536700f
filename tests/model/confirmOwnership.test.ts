import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject, type InputFrom, type SnapshotFrom } from 'xstate';
import { createApiClient } from '../../src/api/client';
import { failureText } from '../../src/features/onboarding/failureText';
import { bookClubGroup, CONFIRM_OWNERSHIP_ANSWERS, ottoAdmin } from '../../src/features/onboarding/fixtures';
import type { Robot } from '../../src/robot/protocol';
import type { acquireGroup, AcquireAnswer, fetchOwners, OwnersAnswer, scanAdmins } from '../../machines/confirmOwnership/actors';
import { confirmOwnershipMachine, type ConfirmOwnershipEvent, type ConfirmOwnershipInput } from '../../machines/confirmOwnership/machine';
import { ownershipView } from '../../machines/confirmOwnership/selectors';
import { renderConfirmOwnership } from './onboardingScreens';
import { createDeferredActor, settle } from './support/deferredActor';
import { createMachineTestModel } from './support/machineTestModel';
import { assertModelIsComplete, findModelGaps } from './support/modelGuard';
import { actorDoneEvents, actorErrorEvent, type ActorDoneEvent, type ActorErrorEvent } from './support/modelEvents';
import { namePath } from './support/pathNames';
import { measurePathCoverage } from './support/pathCoverage';

type Snapshot = SnapshotFrom<typeof confirmOwnershipMachine>;
type ActorOutput = OwnersAnswer | AcquireAnswer;
type ModelEvent = ConfirmOwnershipEvent | ActorDoneEvent<ActorOutput> | ActorErrorEvent;

const actorOutputs: Record<'fetchOwners' | 'scanAdmins' | 'acquireGroup', ActorOutput[]> = {
  fetchOwners: Object.values(CONFIRM_OWNERSHIP_ANSWERS.fetchOwners),
  scanAdmins: Object.values(CONFIRM_OWNERSHIP_ANSWERS.scanAdmins),
  acquireGroup: Object.values(CONFIRM_OWNERSHIP_ANSWERS.acquireGroup),
};
const ACTOR_IDS = Object.keys(actorOutputs) as Array<keyof typeof actorOutputs>;

const eventFixtures: { [Type in ConfirmOwnershipEvent['type']]: Array<Extract<ConfirmOwnershipEvent, { type: Type }>> } = {
  'ownership.acquire': [{ type: 'ownership.acquire' }],
  'ownership.recheck': [{ type: 'ownership.recheck' }],
  'ownership.retry': [{ type: 'ownership.retry' }],
};

const modelEvents: ModelEvent[] = [
  ...Object.values(eventFixtures).flat(),
  ...ACTOR_IDS.flatMap((id) => [...actorDoneEvents<ActorOutput>(id, actorOutputs[id]), actorErrorEvent(id, new Error(`${id} crashed`))]),
];

const unusedApi = createApiClient({
  baseUrl: 'http://api.invalid/api/v1',
  fetch: () => Promise.reject(new Error('the model provides every actor')),
});
const unusedRobot = {} as Robot;
const input: ConfirmOwnershipInput = { api: unusedApi, robot: unusedRobot, group: bookClubGroup };

const model = createMachineTestModel(confirmOwnershipMachine, {
  input,
  events: modelEvents,
  distinguishingContext: ({ context }) => ({
    acquired: context.permission?.is_acquired ?? null,
    role: context.permission?.role ?? null,
    failure: context.failure?.source ?? null,
  }),
});
const paths = model.getShortestPaths();

function startSystem() {
  const actors = {
    fetchOwners: createDeferredActor<OwnersAnswer, InputFrom<typeof fetchOwners>>(),
    scanAdmins: createDeferredActor<OwnersAnswer, InputFrom<typeof scanAdmins>>(),
    acquireGroup: createDeferredActor<AcquireAnswer, InputFrom<typeof acquireGroup>>(),
  };
  const machine = confirmOwnershipMachine.provide({
    actors: { fetchOwners: actors.fetchOwners.logic, scanAdmins: actors.scanAdmins.logic, acquireGroup: actors.acquireGroup.logic },
  });
  const actor = createActor(machine, { input });
  renderConfirmOwnership(actor, bookClubGroup);
  return { actor, actors };
}

type System = ReturnType<typeof startSystem>;
type ModelStep = { event: EventObject };

/** Exactly the named call is under way; no other. */
function expectOnlyWaiting(system: System, id: keyof System['actors'] | null) {
  const waiting = Object.fromEntries(ACTOR_IDS.map((other) => [other, system.actors[other].waitingRuns()]));
  expect(waiting).toEqual(Object.fromEntries(ACTOR_IDS.map((other) => [other, other === id ? 1 : 0])));
}

function expectSystemToMatch(system: System, expected: Snapshot, waiting: keyof System['actors'] | null) {
  const actual = system.actor.getSnapshot();
  expect(actual.value).toEqual(expected.value);
  expect(ownershipView(actual)).toEqual(ownershipView(expected));
  expectOnlyWaiting(system, waiting);
}

function expectNoButtons() {
  expect(screen.queryByRole('button')).toBeNull();
}

function implementationFor(system: System) {
  const click = (name: string) => async () => {
    await act(async () => void fireEvent.click(screen.getByRole('button', { name })));
  };
  const actorExecutors = Object.fromEntries(
    ACTOR_IDS.flatMap((id) => [
      [
        `xstate.done.actor.${id}`,
        async ({ event }: ModelStep) => {
          await act(async () => {
            (system.actors[id].resolve as (output: ActorOutput) => void)((event as ActorDoneEvent<ActorOutput>).output);
            await settle();
          });
        },
      ],
      [
        `xstate.error.actor.${id}`,
        async ({ event }: ModelStep) => {
          await act(async () => {
            system.actors[id].reject((event as ActorErrorEvent).error);
            await settle();
          });
        },
      ],
    ]),
  );
  return {
    states: {
      checking: (expected: Snapshot) => {
        expectSystemToMatch(system, expected, 'fetchOwners');
        expect(screen.getByRole('status')).toHaveTextContent(`Checking who holds ${bookClubGroup.name} in xFilter…`);
        expectNoButtons();
      },
      scanningAdmins: (expected: Snapshot) => {
        expectSystemToMatch(system, expected, 'scanAdmins');
        expect(screen.getByRole('status')).toHaveTextContent(`The robot is reading the admins of ${bookClubGroup.name}…`);
        expectNoButtons();
      },
      apiAdmin: (expected: Snapshot) => {
        expectSystemToMatch(system, expected, null);
        expect(system.actor.getSnapshot().output).toBe('apiAdmin');
        expect(screen.getByText(`You already hold admin rights for ${bookClubGroup.name} in xFilter.`)).toBeInTheDocument();
        expectNoButtons();
      },
      adminsToContact: (expected: Snapshot) => {
        expectSystemToMatch(system, expected, null);
        expect(screen.getByRole('list', { name: 'Admins to contact' })).toHaveTextContent(ottoAdmin.name);
        expect(screen.getByRole('button', { name: 'Check again' })).toBeEnabled();
      },
      isAdmin: (expected: Snapshot) => {
        expectSystemToMatch(system, expected, null);
        expect(screen.getByRole('button', { name: 'Yes, this is my group' })).toBeEnabled();
      },
      acquiring: (expected: Snapshot) => {
        expectSystemToMatch(system, expected, 'acquireGroup');
        expect(screen.getByRole('button', { name: 'Yes, this is my group' })).toBeDisabled();
      },
      acquired: (expected: Snapshot) => {
        expectSystemToMatch(system, expected, null);
        expect(system.actor.getSnapshot().output).toBe('acquired');
        expect(screen.getByText(`${bookClubGroup.name} is connected to your account.`)).toBeInTheDocument();
        expectNoButtons();
      },
      notAdmin: (expected: Snapshot) => {
        expectSystemToMatch(system, expected, null);
        // The role the scan found, or "not an admin" when it did not find the user among the group's admins.
        const role = expected.context.permission?.role === 'subscriber' ? 'Subscriber' : 'not an admin';
        expect(screen.getByRole('alert')).toHaveTextContent(`Your role in ${bookClubGroup.name} is ${role}. Admin is required to connect a group.`);
        expect(screen.getByRole('button', { name: 'Check again' })).toBeEnabled();
      },
      failed: (expected: Snapshot) => {
        expectSystemToMatch(system, expected, null);
        expect(screen.getByRole('alert')).toHaveTextContent(failureText(expected.context.failure!));
        expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
      },
    },
    events: {
      'xstate.init': () => void system.actor.start(),
      'ownership.acquire': click('Yes, this is my group'),
      'ownership.recheck': click('Check again'),
      'ownership.retry': click('Try again'),
      ...actorExecutors,
    },
  };
}

/** Answers by what they say: `scanAdmins done: answered free role=admin`. */
function labelAnswer(event: EventObject): string | undefined {
  if (!event.type.startsWith('xstate.done.actor.')) return undefined;
  const output = (event as ActorDoneEvent<ActorOutput>).output;
  const detail =
    output.kind === 'answered'
      ? ` ${output.permission.is_acquired ? 'held' : 'free'} role=${output.permission.role}`
      : output.kind === 'failed'
        ? ` ${output.failure.source}`
        : '';
  return `${event.type.split('.')[3]} done: ${output.kind}${detail}`;
}

describe('confirmOwnership model', () => {
  it('has an assertion for every state and an executor for every event', () => {
    assertModelIsComplete(confirmOwnershipMachine, implementationFor(startSystem()));
  });

  it('reports a state without an assertion and an event without an executor', () => {
    const { states, events } = implementationFor(startSystem());
    const { notAdmin: _state, ...statesButOne } = states;
    const { 'ownership.acquire': _event, ...eventsButOne } = events;
    expect(findModelGaps(confirmOwnershipMachine, { states: statesButOne, events: eventsButOne })).toEqual([
      "state 'notAdmin' has no assertion",
      "event 'ownership.acquire' has no executor",
    ]);
  });

  it('takes every transition and visits every state along its paths', () => {
    expect(measurePathCoverage(confirmOwnershipMachine, paths)).toEqual({ statesMissed: [], transitionsMissed: [] });
  });

  it.each(paths.map((path) => [namePath(path, labelAnswer), path] as const))('%s', async (_name, path) => {
    const system = startSystem();
    await path.test(implementationFor(system));
    system.actor.stop();
  });
});
