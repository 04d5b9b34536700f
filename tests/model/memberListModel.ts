import { createActor, SimulatedClock, type InputFrom } from 'xstate';
import { createApiClient } from '../../src/api/client';
import type { Robot } from '../../src/robot/protocol';
import {
  fetchMembers,
  moveMembers,
  previewRemoval,
  removeMembers,
  type MembersAnswer,
  type MoveAnswer,
  type PreviewAnswer,
} from '../../machines/memberList/actors';
import { memberListMachine, type MemberListEvent } from '../../machines/memberList/machine';
import { createDeferredActor } from './support/deferredActor';
import { createMachineTestModel } from './support/machineTestModel';
import { actorDoneEvents, delayedEvents } from './support/modelEvents';
import { groupOnPlan, MEMBER_LIST_QUERY, PREVIEW_OF_TWO, THREE_ROWS } from './memberListFixtures';

const unusedApi = createApiClient({
  baseUrl: 'http://api.invalid/api/v1',
  fetch: () => Promise.reject(new Error('the model provides every API actor')),
});
const unusedRobot = {} as Robot;

export const eventFixtures: { [Type in MemberListEvent['type']]: Array<Extract<MemberListEvent, { type: Type }>> } = {
  'members.query.changed': [
    { type: 'members.query.changed', query: { ...MEMBER_LIST_QUERY, list: 'inactive' } },
    { type: 'members.query.changed', query: { ...MEMBER_LIST_QUERY, list: 'removed' } },
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
};

const failed = { kind: 'failed', message: 'Server error' } as const;
export const actorEvents = [
  ...actorDoneEvents<MembersAnswer>('fetchMembers', [{ kind: 'loaded', list: THREE_ROWS }, failed]),
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
    input: { api: unusedApi, robot: unusedRobot, group: groupOnPlan(isPaid), query: MEMBER_LIST_QUERY },
    events: [...Object.values(eventFixtures).flat(), ...delayedEvents(memberListMachine), ...actorEvents],
    distinguishingContext: ({ context }) => ({
      list: context.query.list,
      selection: context.selection,
      failure: context.failure,
      runningJob: context.runningJob,
      loaded: context.page !== null,
      dragFrom: context.dragFrom,
    }),
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
    input: { api: unusedApi, robot: unusedRobot, group: groupOnPlan(isPaid), query: MEMBER_LIST_QUERY },
  });
  return { actor, clock, actors };
}
export type System = ReturnType<typeof startSystem>;
export type ActorName = keyof System['actors'];

