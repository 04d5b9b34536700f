import { createActor, SimulatedClock, type ActorRefFrom, type InputFrom } from 'xstate';
import { createApiClient } from '../../src/api/client';
import {
  exportMembers,
  fetchMembers,
  moveMembers,
  previewRemoval,
  undoMove,
  type MembersAnswer,
  type MoveAnswer,
  type PreviewAnswer,
  type UndoAnswer,
} from '../../machines/memberList/actors';
import type { MembersCsv } from '../../machines/memberList/exportFile';
import { memberListMachine, type MemberListEvent, type MemberListInput } from '../../machines/memberList/machine';
import { MEMBERS_QUERY_DEFAULTS } from '../../machines/memberList/query';
import { listQueryMachine } from '../../machines/listQuery/machine';
import { robotMachine } from '../../machines/robot/machine';
import { createDeferredActor } from './support/deferredActor';
import { createMachineTestModel } from './support/machineTestModel';
import { actorDoneEvents, actorErrorEvent, delayedEvents } from './support/modelEvents';
import { createFakeRobot } from './robot/fakeRobot';
import { groupOnPlan, MEMBER_LIST_ANSWERS, MEMBERS_QUERY, PREVIEW_OF_TWO, THREE_MEMBERS } from '../../src/features/members/fixtures';

const unusedApi = createApiClient({
  baseUrl: 'http://api.invalid/api/v1',
  fetch: () => Promise.reject(new Error('the model provides every API actor')),
});

/** The group of the page, and another group of the same admin. */
export const GROUP_ID = groupOnPlan(false).id;
export const OTHER_GROUP_ID = GROUP_ID + 1;

/** The robot's message when the server refuses the removal job over the limits. */
export const ROBOT_REFUSAL = 'The removal limits do not allow 2 more removals.';

/** The app's robot, ready and idle: the robot the model's paths assume (its other states have their own tests). */
function readyRobot() {
  const fake = createFakeRobot();
  fake.set({ presence: 'ready', robot_version: '2.4.0' });
  return { fake, actor: createActor(robotMachine, { input: { robot: fake.robot, api: unusedApi } }) };
}

function listQuery() {
  return createActor(listQueryMachine, { input: { defaults: MEMBERS_QUERY_DEFAULTS, search: new URLSearchParams(), textFilter: 'search' } });
}

const inputOn = (isPaid: boolean, robotRef: ActorRefFrom<typeof robotMachine>, listQueryRef: ActorRefFrom<typeof listQueryMachine>): MemberListInput => ({
  api: unusedApi,
  robotRef,
  listQueryRef,
  group: groupOnPlan(isPaid),
  query: MEMBERS_QUERY,
});

export const eventFixtures: { [Type in MemberListEvent['type']]: Array<Extract<MemberListEvent, { type: Type }>> } = {
  'members.list.changed': [
    { type: 'members.list.changed', list: 'inactive' },
    { type: 'members.list.changed', list: 'removed' },
    { type: 'members.list.changed', list: 'all_members' },
  ],
  'query.changed': [{ type: 'query.changed', query: { ...MEMBERS_QUERY_DEFAULTS, search: 'ann' } }],
  'members.reload': [{ type: 'members.reload' }],
  'members.select.all': [{ type: 'members.select.all' }],
  'members.select.none': [{ type: 'members.select.none' }],
  'members.select.invert': [{ type: 'members.select.invert' }],
  'members.select.toggled': [{ type: 'members.select.toggled', id: 1 }],
  'members.select.range': [{ type: 'members.select.range', id: 3 }],
  'members.drag.started': [{ type: 'members.drag.started', id: 2 }],
  'members.drag.entered': [{ type: 'members.drag.entered', id: 3 }],
  'members.drag.ended': [{ type: 'members.drag.ended' }],
  'members.move': [
    { type: 'members.move', move: 'whitelist' },
    { type: 'members.move', move: 'remove' },
    { type: 'members.move', move: 'restore' },
  ],
  'members.move.confirmed': [{ type: 'members.move.confirmed' }],
  'members.undo': [{ type: 'members.undo' }],
  'members.outcome.dismissed': [{ type: 'members.outcome.dismissed' }],
  'members.remove': [{ type: 'members.remove' }],
  'members.removal.confirmed': [{ type: 'members.removal.confirmed' }],
  'members.dialog.closed': [{ type: 'members.dialog.closed' }],
  'members.export': [{ type: 'members.export' }],
  // A members scan the robot runs to its end, for the page's group and for another group.
  'robot.job.finished': [
    { type: 'robot.job.finished', groupId: GROUP_ID, name: 'fetch_group_members' },
    { type: 'robot.job.finished', groupId: OTHER_GROUP_ID, name: 'fetch_group_members' },
  ],
  'robot.reply.done': [{ type: 'robot.reply.done', command: 'remove_group_members' }],
  'robot.reply.failed': [{ type: 'robot.reply.failed', command: 'remove_group_members', code: 'failed', message: ROBOT_REFUSAL }],
};

const failed = { kind: 'failed', message: 'Server error' } as const;
export const EXPORTED_CSV: MembersCsv = { blob: new Blob(['id,name\n1,Ada Baker\n'], { type: 'text/csv' }), fileName: 'sourdough-active.csv' };
export const EXPORT_FAILURE = 'The members could not be exported. Server error';
export const actorEvents = [
  ...actorDoneEvents<MembersAnswer>('fetchMembers', [{ kind: 'loaded', list: THREE_MEMBERS }, failed]),
  ...actorDoneEvents<MoveAnswer>('moveMembers', [MEMBER_LIST_ANSWERS.moveMembers.moved, failed]),
  ...actorDoneEvents<UndoAnswer>('undoMove', [MEMBER_LIST_ANSWERS.undoMove.undone, failed]),
  ...actorDoneEvents<PreviewAnswer>('previewRemoval', [{ kind: 'previewed', preview: PREVIEW_OF_TWO }, failed]),
  ...actorDoneEvents<MembersCsv>('exportMembers', [EXPORTED_CSV]),
  actorErrorEvent('exportMembers', new Error(EXPORT_FAILURE)),
];

export const plans = [
  { name: 'free group', isPaid: false },
  { name: 'paid group', isPaid: true },
];

export function modelFor(isPaid: boolean) {
  const robot = readyRobot();
  robot.actor.start();
  return createMachineTestModel(memberListMachine, {
    input: inputOn(isPaid, robot.actor, listQuery()),
    events: [...Object.values(eventFixtures).flat(), ...delayedEvents(memberListMachine), ...actorEvents],
    distinguishingContext: ({ context }) => ({
      list: context.query.list,
      search: context.query.search,
      selection: context.selection,
      failure: context.failure,
      loaded: context.page !== null,
      dragFrom: context.dragFrom,
      outcome: context.outcome?.kind ?? null,
    }),
    // The export runs beside the list: it starts from a freshly loaded list and is answered before anything else.
    // While the robot removes members the admin waits for its answer: the model does not page or reload meanwhile.
    // The toast's Undo, its window closing and its dismissal are taken from a browsing list.
    isPossible: (snapshot, event) => {
      if (snapshot.matches({ export: 'exporting' })) return event.type.endsWith('.exportMembers');
      if (event.type.startsWith('robot.reply.') && !snapshot.matches({ list: { ready: 'removing' } })) return false;
      if (event.type.endsWith('.moveMembers') && !snapshot.matches({ list: { ready: 'moving' } })) return false;
      // While the toast shows, the admin answers it (Undo, close, or waits it out) once the list has loaded again;
      // the list's own paths are walked with no toast.
      if (snapshot.matches({ outcome: 'shown' })) {
        if (snapshot.matches({ list: 'loading' })) return event.type === 'xstate.done.actor.fetchMembers';
        // Another move or removal while the toast shows replaces it: taken on the inactive list, with Ada Baker selected.
        const another = ['members.select.toggled', 'members.move', 'members.move.confirmed', 'members.remove', 'members.removal.confirmed'];
        const onInactive = snapshot.context.query.list === 'inactive' && snapshot.context.query.search === '';
        if (onInactive && (another.includes(event.type) || /\.(moveMembers|previewRemoval)$/.test(event.type) || event.type.startsWith('robot.reply.'))) return true;
        return ['members.undo', 'members.outcome.dismissed'].includes(event.type) || event.type.includes('undoWindow');
      }
      // A move's and an undo's answers come only while they are asked for.
      if (event.type.endsWith('.undoMove') && !snapshot.matches({ outcome: 'undoing' })) return false;
      // The admin waits for an undo's answer, as for the export's.
      if (snapshot.matches({ outcome: 'undoing' })) return event.type.endsWith('.undoMove');
      if (event.type === 'members.export') return snapshot.matches({ list: { ready: 'browsing' } }) && snapshot.context.selection.length === 0;
      if (event.type === 'members.undo' || event.type === 'members.outcome.dismissed' || event.type.includes('undoWindow')) {
        return snapshot.matches({ list: { ready: 'browsing' } }) && snapshot.context.selection.length === 0 && snapshot.matches({ export: 'idle' });
      }
      return !snapshot.matches({ list: { ready: 'removing' } }) || event.type.startsWith('robot.reply.');
    },
  });
}

/**
 * The member list in a running system: a real robot machine over a fake robot (ready, its commands
 * settled by the test) and a real list query, as the members page gives them; every API actor answered
 * by the test, and what reached the admin's browser.
 */
export function startSystem(isPaid: boolean, query = MEMBERS_QUERY) {
  const clock = new SimulatedClock();
  const robot = readyRobot();
  const listQueryActor = listQuery();
  const actors = {
    fetchMembers: createDeferredActor<MembersAnswer, InputFrom<typeof fetchMembers>>(),
    moveMembers: createDeferredActor<MoveAnswer, InputFrom<typeof moveMembers>>(),
    previewRemoval: createDeferredActor<PreviewAnswer, InputFrom<typeof previewRemoval>>(),
    exportMembers: createDeferredActor<MembersCsv, InputFrom<typeof exportMembers>>(),
    undoMove: createDeferredActor<UndoAnswer, InputFrom<typeof undoMove>>(),
  };
  const saved: MembersCsv[] = [];
  const machine = memberListMachine.provide({
    actors: {
      fetchMembers: actors.fetchMembers.logic,
      moveMembers: actors.moveMembers.logic,
      previewRemoval: actors.previewRemoval.logic,
      exportMembers: actors.exportMembers.logic,
      undoMove: actors.undoMove.logic,
    },
    actions: { saveExport: (_, params) => void saved.push(params.file) },
  });
  robot.actor.start();
  listQueryActor.start();
  const actor = createActor(machine, { clock, input: { ...inputOn(isPaid, robot.actor, listQueryActor), query } });
  const exportFailures: string[] = [];
  actor.on('members.export.failed', ({ message }) => void exportFailures.push(message));
  /** The list the admin opened last. */
  const opened = { list: query.list };
  const stop = () => {
    actor.stop();
    listQueryActor.stop();
    robot.actor.stop();
  };
  return { actor, clock, actors, saved, exportFailures, opened, isPaid, robot: robot.actor, fakeRobot: robot.fake, listQuery: listQueryActor, stop };
}
export type System = ReturnType<typeof startSystem>;
export type ActorName = keyof System['actors'];

/** Sends an event the page itself sends, and remembers the list the admin opened. */
export function sendTo(system: System, event: MemberListEvent): void {
  if (event.type === 'members.list.changed') system.opened.list = event.list;
  system.actor.send(event);
}
