import { createActor, SimulatedClock, type InputFrom } from 'xstate';
import { createApiClient } from '../../src/api/client';
import {
  fetchMembers,
  moveMembers,
  type MemberRemovalRobot,
  previewRemoval,
  removeMembers,
  type MembersAnswer,
  type MoveAnswer,
  type PreviewAnswer,
} from '../../machines/memberList/actors';
import { memberListMachine, type MemberListEvent, type MemberListInput } from '../../machines/memberList/machine';
import { createDeferredActor } from './support/deferredActor';
import { createMachineTestModel } from './support/machineTestModel';
import { actorDoneEvents, delayedEvents } from './support/modelEvents';
import { groupOnPlan, MEMBERS_QUERY, PREVIEW_OF_TWO, THREE_MEMBERS } from '../../src/features/members/fixtures';

const unusedApi = createApiClient({
  baseUrl: 'http://api.invalid/api/v1',
  fetch: () => Promise.reject(new Error('the model provides every API actor')),
});
const unusedRobot: MemberRemovalRobot = { run: () => Promise.reject(new Error('the model provides the removal actor')) };

const inputOn = (isPaid: boolean): MemberListInput => ({
  api: unusedApi,
  robot: unusedRobot,
  group: groupOnPlan(isPaid),
  query: MEMBERS_QUERY,
  robotUnavailable: null,
});

export const eventFixtures: { [Type in MemberListEvent['type']]: Array<Extract<MemberListEvent, { type: Type }>> } = {
  'members.query.changed': [
    { type: 'members.query.changed', query: { ...MEMBERS_QUERY, list: 'inactive' } },
    { type: 'members.query.changed', query: { ...MEMBERS_QUERY, list: 'removed' } },
  ],
  'members.reload': [{ type: 'members.reload' }],
  'members.select.all': [{ type: 'members.select.all' }],
  'members.select.none': [{ type: 'members.select.none' }],
  'members.select.invert': [{ type: 'members.select.invert' }],
  'members.select.toggled': [{ type: 'members.select.toggled', id: 1 }],
  'members.drag.started': [{ type: 'members.drag.started', id: 2 }],
  'members.drag.entered': [{ type: 'members.drag.entered', id: 3 }],
  'members.drag.ended': [{ type: 'members.drag.ended' }],
  'members.move': [
    { type: 'members.move', move: 'whitelist' },
    { type: 'members.move', move: 'remove' },
    { type: 'members.move', move: 'restore' },
  ],
  'members.remove': [{ type: 'members.remove' }],
  'members.removal.confirmed': [{ type: 'members.removal.confirmed' }],
  'members.dialog.closed': [{ type: 'members.dialog.closed' }],
  'robot.job.started': [
    { type: 'robot.job.started', name: 'fetch_group_members' },
    { type: 'robot.job.started', name: 'remove_group_members' },
  ],
  'robot.job.finished': [{ type: 'robot.job.finished' }],
  'robot.availability.changed': [
    { type: 'robot.availability.changed', unavailable: 'notInstalled' },
    { type: 'robot.availability.changed', unavailable: null },
  ],
};

const failed = { kind: 'failed', message: 'Server error' } as const;
export const actorEvents = [
  ...actorDoneEvents<MembersAnswer>('fetchMembers', [{ kind: 'loaded', list: THREE_MEMBERS }, failed]),
  ...actorDoneEvents<MoveAnswer>('moveMembers', [{ kind: 'moved' }, failed]),
  ...actorDoneEvents<PreviewAnswer>('previewRemoval', [{ kind: 'previewed', preview: PREVIEW_OF_TWO }, failed]),
  ...actorDoneEvents<MoveAnswer>('removeMembers', [{ kind: 'moved' }, failed]),
];

export const plans = [
  { name: 'free group', isPaid: false },
  { name: 'paid group', isPaid: true },
];

export function modelFor(isPaid: boolean) {
  return createMachineTestModel(memberListMachine, {
    input: inputOn(isPaid),
    events: [...Object.values(eventFixtures).flat(), ...delayedEvents(memberListMachine), ...actorEvents],
    distinguishingContext: ({ context }) => ({
      list: context.query.list,
      selection: context.selection,
      failure: context.failure,
      runningJob: context.runningJob,
      loaded: context.page !== null,
      dragFrom: context.dragFrom,
      robotUnavailable: context.robotUnavailable,
    }),
    // The robot's availability only guards 'Remove Members': it goes away while members are selected, and the
    // model only brings it back from there, so it covers its transitions without doubling every other path.
    isPossible: (snapshot, event) =>
      event.type === 'robot.availability.changed'
        ? snapshot.matches({ list: { ready: 'browsing' }, robotJob: 'idle' }) && snapshot.context.selection.length > 0
        : snapshot.context.robotUnavailable === null || event.type === 'members.remove',
  });
}

export function startSystem(isPaid: boolean) {
  const clock = new SimulatedClock();
  const actors = {
    fetchMembers: createDeferredActor<MembersAnswer, InputFrom<typeof fetchMembers>>(),
    moveMembers: createDeferredActor<MoveAnswer, InputFrom<typeof moveMembers>>(),
    previewRemoval: createDeferredActor<PreviewAnswer, InputFrom<typeof previewRemoval>>(),
    removeMembers: createDeferredActor<MoveAnswer, InputFrom<typeof removeMembers>>(),
  };
  const machine = memberListMachine.provide({
    actors: {
      fetchMembers: actors.fetchMembers.logic,
      moveMembers: actors.moveMembers.logic,
      previewRemoval: actors.previewRemoval.logic,
      removeMembers: actors.removeMembers.logic,
    },
  });
  const actor = createActor(machine, {
    clock,
    input: inputOn(isPaid),
  });
  return { actor, clock, actors };
}
export type System = ReturnType<typeof startSystem>;
export type ActorName = keyof System['actors'];

