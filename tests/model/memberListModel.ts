import { createActor, SimulatedClock, type InputFrom } from 'xstate';
import { createApiClient } from '../../src/api/client';
import {
  exportMembers,
  fetchMembers,
  moveMembers,
  type MemberRemovalRobot,
  previewRemoval,
  removeMembers,
  type MembersAnswer,
  type MoveAnswer,
  type PreviewAnswer,
} from '../../machines/memberList/actors';
import type { MembersCsv } from '../../machines/memberList/exportFile';
import { memberListMachine, type MemberListEvent, type MemberListInput } from '../../machines/memberList/machine';
import type { MembersRobotStatus } from '../../machines/memberList/selectors';
import { createDeferredActor } from './support/deferredActor';
import { createMachineTestModel } from './support/machineTestModel';
import { actorDoneEvents, actorErrorEvent, delayedEvents } from './support/modelEvents';
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
    { type: 'members.query.changed', query: { ...MEMBERS_QUERY, list: 'all_members' } },
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
  'members.export': [{ type: 'members.export' }],
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
export const EXPORTED_CSV: MembersCsv = { blob: new Blob(['id,name\n1,Ada Baker\n'], { type: 'text/csv' }), fileName: 'sourdough-active.csv' };
export const EXPORT_FAILURE = 'The members could not be exported. Server error';
export const actorEvents = [
  ...actorDoneEvents<MembersAnswer>('fetchMembers', [{ kind: 'loaded', list: THREE_MEMBERS }, failed]),
  ...actorDoneEvents<MoveAnswer>('moveMembers', [{ kind: 'moved' }, failed]),
  ...actorDoneEvents<PreviewAnswer>('previewRemoval', [{ kind: 'previewed', preview: PREVIEW_OF_TWO }, failed]),
  ...actorDoneEvents<MoveAnswer>('removeMembers', [{ kind: 'moved' }, failed]),
  ...actorDoneEvents<MembersCsv>('exportMembers', [EXPORTED_CSV]),
  actorErrorEvent('exportMembers', new Error(EXPORT_FAILURE)),
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
    // The export runs beside the list: it starts from a freshly loaded list and is answered before anything else.
    isPossible: (snapshot, event) => {
      if (snapshot.matches({ export: 'exporting' })) return event.type.endsWith('.exportMembers');
      if (event.type === 'members.export') {
        return snapshot.matches({ list: { ready: 'browsing' }, robotJob: 'idle' }) && snapshot.context.selection.length === 0;
      }
      if (event.type === 'robot.availability.changed') {
        return snapshot.matches({ list: { ready: 'browsing' }, robotJob: 'idle' }) && snapshot.context.selection.length > 0;
      }
      return snapshot.context.robotUnavailable === null || event.type === 'members.remove';
    },
  });
}

/** The member-list statechart with every actor answered by the test, and what reached the admin's browser and robot. */
export function startSystem(isPaid: boolean, query = MEMBERS_QUERY) {
  const clock = new SimulatedClock();
  const actors = {
    fetchMembers: createDeferredActor<MembersAnswer, InputFrom<typeof fetchMembers>>(),
    moveMembers: createDeferredActor<MoveAnswer, InputFrom<typeof moveMembers>>(),
    previewRemoval: createDeferredActor<PreviewAnswer, InputFrom<typeof previewRemoval>>(),
    removeMembers: createDeferredActor<MoveAnswer, InputFrom<typeof removeMembers>>(),
    exportMembers: createDeferredActor<MembersCsv, InputFrom<typeof exportMembers>>(),
  };
  const saved: MembersCsv[] = [];
  const machine = memberListMachine.provide({
    actors: {
      fetchMembers: actors.fetchMembers.logic,
      moveMembers: actors.moveMembers.logic,
      previewRemoval: actors.previewRemoval.logic,
      removeMembers: actors.removeMembers.logic,
      exportMembers: actors.exportMembers.logic,
    },
    actions: { saveExport: (_, params) => void saved.push(params.file) },
  });
  const actor = createActor(machine, { clock, input: { ...inputOn(isPaid), query } });
  const exportFailures: string[] = [];
  actor.on('members.export.failed', ({ message }) => void exportFailures.push(message));
  /** The robot as the route reports it to the page: the test keeps it from the robot events it sends. */
  const robot: MembersRobotStatus = { job: null, unavailable: null };
  /** The list the admin opened last. */
  const opened = { list: query.list };
  return { actor, clock, actors, saved, exportFailures, robot, opened, isPaid };
}
export type System = ReturnType<typeof startSystem>;
export type ActorName = keyof System['actors'];

/** Sends an event and keeps the robot's status the page is given in step with the robot events. */
export function sendTo(system: System, event: MemberListEvent): void {
  if (event.type === 'robot.job.started') system.robot.job = event.name;
  if (event.type === 'robot.job.finished') system.robot.job = null;
  if (event.type === 'robot.availability.changed') system.robot.unavailable = event.unavailable;
  if (event.type === 'members.query.changed') system.opened.list = event.query.list;
  system.actor.send(event);
}
