import { createActor } from 'xstate';
import { answering, type MachineStories } from '../../../.storybook/machineStories';
import { storyRobot, unreachableApi } from '../../../.storybook/storyRobot';
import { listQueryMachine } from '../../../machines/listQuery/machine';
import type { MemberListGroup, MembersQuery } from '../../../machines/memberList/actors';
import { memberListMachine, type MemberListEvent, type MemberListInput } from '../../../machines/memberList/machine';
import { MEMBERS_QUERY_DEFAULTS } from '../../../machines/memberList/query';
import type { RobotEvent } from '../../../machines/robot/machine';
import { groupOnPlan, MEMBER_LIST_ANSWERS, MEMBERS_QUERY, ROBOT_DETECTED, ROBOT_NOT_INSTALLED, robotCommandOf } from './fixtures';

type MemberList = typeof memberListMachine;

interface Start {
  group?: MemberListGroup;
  query?: Partial<MembersQuery>;
  /** What the extension and the page told the app's robot before the page opened. */
  robot?: RobotEvent[];
}

/** The page's input, made anew for each replay: a real robot and a real list query, started for the story. */
function startingWith({ group = groupOnPlan(false), query = {}, robot = [ROBOT_DETECTED] }: Start = {}): () => MemberListInput {
  return () => ({
    api: unreachableApi,
    robotRef: storyRobot(robot),
    listQueryRef: createActor(listQueryMachine, { input: { defaults: MEMBERS_QUERY_DEFAULTS, search: new URLSearchParams() } }).start(),
    group,
    query: { ...MEMBERS_QUERY, ...query },
  });
}

const loads = { fetchMembers: answering({ loaded: MEMBER_LIST_ANSWERS.fetchMembers.loaded }) };
const selectFirst: MemberListEvent = { type: 'members.select.toggled', id: 1 };
const selectAll: MemberListEvent = { type: 'members.select.all' };
const remove: MemberListEvent = { type: 'members.remove' };
const closeDialog: MemberListEvent = { type: 'members.dialog.closed' };

/** How much of the page's rows is selected: none, some (within the fixtures' two removals left) or all three. */
function selectedOf({ context }: { context: { selection: number[]; page: { members: unknown[] } | null } }) {
  if (context.selection.length === 0) return 'none';
  return context.selection.length === context.page?.members.length ? 'all' : 'some';
}

/**
 * The members page's reachable states for the stories. The free group's active list walks the
 * whole removal flow; further worlds start on the paid plan, on the other lists, with a search or
 * with the robot unavailable or busy with this group, or drag, export or find no members, each
 * walking only what is new there.
 */
export const memberListStories: MachineStories<MemberList> = {
  machine: memberListMachine,
  input: startingWith(),
  events: [
    selectFirst,
    selectAll,
    remove,
    { type: 'members.removal.confirmed' },
    closeDialog,
    { type: 'members.reload' },
  ],
  outcomes: {
    fetchMembers: answering({ loaded: MEMBER_LIST_ANSWERS.fetchMembers.loaded, failed: MEMBER_LIST_ANSWERS.fetchMembers.failed }),
    previewRemoval: answering({ previewed: MEMBER_LIST_ANSWERS.previewRemoval.previewed }),
  },
  worlds: {
    // The paid plan offers 'Move to Removed', and a selection beyond the limits reaches the limit, not the upgrade.
    'paid group': {
      input: startingWith({ group: groupOnPlan(true) }),
      events: [selectFirst, selectAll, remove, closeDialog],
      outcomes: { ...loads, previewRemoval: answering({ overDays: MEMBER_LIST_ANSWERS.previewRemoval.overDays }) },
    },
    // A move ends with its toast, whose Undo takes it back.
    inactive: {
      input: startingWith({ query: { list: 'inactive' } }),
      events: [selectFirst, { type: 'members.move', move: 'whitelist' }, { type: 'members.undo' }],
      outcomes: { ...loads, moveMembers: answering(MEMBER_LIST_ANSWERS.moveMembers), undoMove: answering({ undone: MEMBER_LIST_ANSWERS.undoMove.undone }) },
    },
    // 'Move to Removed' asks first.
    'move to removed': {
      input: startingWith({ group: groupOnPlan(true), query: { list: 'inactive' } }),
      events: [selectFirst, { type: 'members.move', move: 'remove' }],
      outcomes: loads,
    },
    // A drag from the second row to the third selects both.
    drag: {
      events: [{ type: 'members.drag.started', id: 2 }, { type: 'members.drag.entered', id: 3 }, { type: 'members.drag.ended' }],
      outcomes: loads,
    },
    whitelisted: { input: startingWith({ query: { list: 'whitelisted' } }), events: [selectFirst], outcomes: loads },
    'removed on a paid group': {
      input: startingWith({ group: groupOnPlan(true), query: { list: 'removed' } }),
      events: [selectFirst],
      outcomes: loads,
    },
    'all members': { input: startingWith({ query: { list: 'all_members' } }), events: [selectAll], outcomes: loads },
    'no members': { events: [], outcomes: { fetchMembers: answering({ empty: MEMBER_LIST_ANSWERS.fetchMembers.empty }) } },
    search: { input: startingWith({ query: { search: 'a' } }), events: [], outcomes: loads },
    export: { events: [{ type: 'members.export' }], outcomes: loads },
    'extension not installed': { input: startingWith({ robot: [ROBOT_NOT_INSTALLED] }), events: [selectFirst], outcomes: loads },
    'extension busy': {
      input: startingWith({ robot: [ROBOT_DETECTED, robotCommandOf('fetch_group_members', 8)] }),
      events: [],
      outcomes: loads,
    },
    'syncing members': {
      input: startingWith({ robot: [ROBOT_DETECTED, robotCommandOf('fetch_group_members')] }),
      events: [selectFirst],
      outcomes: loads,
    },
    'syncing engagements': {
      input: startingWith({ robot: [ROBOT_DETECTED, robotCommandOf('fetch_group_posts')] }),
      events: [],
      outcomes: loads,
    },
  },
  distinguishingContext: (snapshot) => ({
    selected: selectedOf(snapshot),
    failure: snapshot.context.failure !== null,
    empty: snapshot.context.page?.members.length === 0,
    overDays: (snapshot.context.preview?.days_needed ?? 0) > 0,
  }),
  region: 'list',
  variant: (snapshot) =>
    [
      { none: '', some: 'SomeSelected', all: 'AllSelected' }[selectedOf(snapshot)],
      (snapshot.context.preview?.days_needed ?? 0) > 0 ? 'OverDays' : '',
      snapshot.context.failure !== null && !snapshot.matches({ list: 'failed' }) ? 'AfterAFailure' : '',
      snapshot.matches({ export: 'exporting' }) ? 'Exporting' : '',
      snapshot.matches({ outcome: 'undoing' }) ? 'Undoing' : snapshot.matches({ outcome: 'shown' }) ? `${(snapshot.context.outcome?.kind ?? '').replace(/^./, (first) => first.toUpperCase())}Toast` : '',
    ].join(''),
};
