import { and, assign, emit, not, sendTo, setup, stateIn, type ActorRefFrom } from 'xstate';
import type { ApiClient } from '../../src/api/client';
import { unexpectedFailureOf } from '../shared/stepFailure';
import type { ListQuery } from '../listQuery/query';
import type { listQueryMachine } from '../listQuery/machine';
import { listenToRobotJobs, type RobotJobReport } from '../robot/actors';
import type { RobotCommandReply, robotMachine } from '../robot/machine';
import { groupJobStatus, robotUnavailability } from '../robot/selectors';
import {
  exportMembers,
  fetchMembers,
  listenToListQuery,
  moveMembers,
  previewRemoval,
  removalRequest,
  type GroupMembersList,
  type MemberListGroup,
  type MembersAnswer,
  type MembersQuery,
  type MoveAnswer,
  type PreviewAnswer,
  type RemovalPreview,
} from './actors';
import { saveFile, type MembersCsv } from './exportFile';
import { canRemoveFrom, movesFrom, removalBlock, rowsBetween, takesSelection, type MemberListName, type MemberMove } from './moves';
import { membersQueryOf, sameMembersQuery } from './query';

/** Part 1 §9: the upgrade-required modal's call to action blinks every second. */
export const UPGRADE_BLINK_MS = 1_000;

export interface MemberListInput {
  api: ApiClient;
  /** The app's robot: the removal is its command, and a job of this group ending reloads the list. */
  robotRef: ActorRefFrom<typeof robotMachine>;
  /** The address's filters (search, sort, page): each change loads the list again. */
  listQueryRef: ActorRefFrom<typeof listQueryMachine>;
  group: MemberListGroup;
  query: MembersQuery;
}

export interface MemberListContext extends MemberListInput {
  /** The last page the server sent; kept while the next one loads so the table does not flash empty. */
  page: GroupMembersList | null;
  selection: number[];
  /** The selection when the drag started; the drag adds its rows to it. */
  dragBase: number[];
  dragFrom: number | null;
  preview: RemovalPreview | null;
  failure: string | null;
}

export type MemberListEvent =
  | { type: 'members.list.changed'; list: MemberListName }
  | { type: 'query.changed'; query: ListQuery }
  | { type: 'members.reload' }
  | { type: 'members.select.all' }
  | { type: 'members.select.none' }
  | { type: 'members.select.invert' }
  | { type: 'members.select.toggled'; id: number }
  | { type: 'members.drag.started'; id: number }
  | { type: 'members.drag.entered'; id: number }
  | { type: 'members.drag.ended' }
  | { type: 'members.move'; move: MemberMove }
  | { type: 'members.remove' }
  | { type: 'members.removal.confirmed' }
  | { type: 'members.dialog.closed' }
  | { type: 'members.export' }
  | Extract<RobotJobReport, { type: 'robot.job.finished' }>
  | RobotCommandReply;

/** The CSV export did not come through; the page tells why. */
export type MemberListEmitted = { type: 'members.export.failed'; message: string };

const rowIdsOf = (context: MemberListContext) => context.page?.members.map((member) => member.id) ?? [];

export const memberListMachine = setup({
  types: {
    context: {} as MemberListContext,
    events: {} as MemberListEvent,
    input: {} as MemberListInput,
    emitted: {} as MemberListEmitted,
  },
  actors: { exportMembers, fetchMembers, moveMembers, previewRemoval, listenToRobotJobs, listenToListQuery },
  delays: { upgradeBlink: UPGRADE_BLINK_MS },
  guards: {
    isLoaded: (_, answer: MembersAnswer) => answer.kind === 'loaded',
    isPreviewed: (_, answer: PreviewAnswer) => answer.kind === 'previewed',
    isMoved: (_, answer: MoveAnswer) => answer.kind === 'moved',
    isEditableList: ({ context }) => takesSelection(context.query.list),
    hasSelection: ({ context }) => context.selection.length > 0,
    offersRequestedMove: ({ context, event }) =>
      event.type === 'members.move' && movesFrom(context.query.list, context.group.isPaid).includes(event.move),
    offersRemoval: ({ context }) => canRemoveFrom(context.query.list),
    isRobotAvailable: ({ context }) => robotUnavailability(context.robotRef.getSnapshot()) === null,
    isIdleRobot: ({ context }) => groupJobStatus(context.robotRef.getSnapshot(), context.group.id) === null,
    isJobOfThisGroup: ({ context, event }) => event.type === 'robot.job.finished' && event.groupId === context.group.id,
    changesQuery: ({ context }, { query }: { query: MembersQuery }) => !sameMembersQuery(context.query, query),
    fitsRemovalLimits: ({ context }) =>
      context.page !== null && removalBlock(context.selection.length, context.page.removal_limits, context.group.isPaid) === null,
    needsUpgrade: ({ context }) =>
      context.page !== null && removalBlock(context.selection.length, context.page.removal_limits, context.group.isPaid) === 'upgradeRequired',
  },
  actions: {
    rememberPage: assign((_, answer: MembersAnswer) => (answer.kind === 'loaded' ? { page: answer.list, failure: null } : {})),
    rememberFailure: assign((_, answer: { kind: string; message?: string }) => ({ failure: answer.message ?? null })),
    rememberPreview: assign((_, answer: PreviewAnswer) => (answer.kind === 'previewed' ? { preview: answer.preview } : {})),
    forgetPreview: assign({ preview: null }),
    clearSelection: assign({ selection: [] }),
    rememberQuery: assign((_, params: { query: MembersQuery }) => ({ query: params.query })),
    startRemoval: sendTo(
      ({ context }) => context.robotRef,
      ({ context, self }) => ({
        type: 'robot.command.start' as const,
        request: { command: 'remove_group_members' as const, args: removalRequest(context.group, context.preview) },
        replyTo: self,
      }),
    ),
    selectAll: assign(({ context }) => ({ selection: rowIdsOf(context) })),
    invertSelection: assign(({ context }) => ({ selection: rowIdsOf(context).filter((id) => !context.selection.includes(id)) })),
    toggleRow: assign(({ context }, params: { id: number }) => ({
      selection: context.selection.includes(params.id)
        ? context.selection.filter((id) => id !== params.id)
        : rowIdsOf(context).filter((id) => id === params.id || context.selection.includes(id)),
    })),
    startDrag: assign(({ context }, params: { id: number }) => ({ dragBase: context.selection, dragFrom: params.id })),
    extendDrag: assign(({ context }, params: { id: number }) => {
      const dragged = rowsBetween(rowIdsOf(context), context.dragFrom ?? params.id, params.id);
      return { selection: rowIdsOf(context).filter((id) => dragged.includes(id) || context.dragBase.includes(id)) };
    }),
    endDrag: assign({ dragBase: [], dragFrom: null }),
    /** Hands the exported file to the browser; tests provide their own. */
    saveExport: (_, params: { file: MembersCsv }) => saveFile(params.file),
    tellExportFailed: emit((_, params: { message: string }) => ({ type: 'members.export.failed' as const, message: params.message })),
  },
}).createMachine({
  id: 'memberList',
  context: ({ input }) => ({
    ...input,
    page: null,
    selection: [],
    dragBase: [],
    dragFrom: null,
    preview: null,
    failure: null,
  }),
  invoke: [
    { id: 'listenToRobotJobs', src: 'listenToRobotJobs', input: ({ context }) => ({ robotRef: context.robotRef }) },
    { id: 'listenToListQuery', src: 'listenToListQuery', input: ({ context }) => ({ listQueryRef: context.listQueryRef }) },
  ],
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      on: {
        'members.list.changed': {
          guard: { type: 'changesQuery', params: ({ context, event }) => ({ query: { ...context.query, list: event.list } }) },
          target: '.loading',
          actions: { type: 'rememberQuery', params: ({ context, event }) => ({ query: { ...context.query, list: event.list } }) },
        },
        'query.changed': {
          guard: { type: 'changesQuery', params: ({ context, event }) => ({ query: membersQueryOf(context.query.list, event.query) }) },
          target: '.loading',
          actions: { type: 'rememberQuery', params: ({ context, event }) => ({ query: membersQueryOf(context.query.list, event.query) }) },
        },
        'members.reload': { target: '.loading' },
        // A scan or a removal of this group changed who is in which list. The removal this list asked for
        // reloads it on the robot's reply instead, which says how it ended.
        'robot.job.finished': {
          guard: and(['isJobOfThisGroup', not(stateIn({ list: { ready: 'removing' } }))]),
          target: '.loading',
        },
      },
      states: {
        loading: {
          entry: ['clearSelection', 'forgetPreview', 'endDrag'],
          invoke: {
            id: 'fetchMembers',
            src: 'fetchMembers',
            input: ({ context }) => ({ api: context.api, group: context.group, query: context.query }),
            onDone: [
              {
                guard: { type: 'isLoaded', params: ({ event }) => event.output },
                target: 'ready',
                actions: { type: 'rememberPage', params: ({ event }) => event.output },
              },
              { target: 'failed', actions: { type: 'rememberFailure', params: ({ event }) => event.output } },
            ],
          },
        },
        failed: {},
        ready: {
          initial: 'browsing',
          states: {
            browsing: {
              on: {
                'members.select.all': { guard: 'isEditableList', actions: 'selectAll' },
                'members.select.none': { guard: 'isEditableList', actions: 'clearSelection' },
                'members.select.invert': { guard: 'isEditableList', actions: 'invertSelection' },
                'members.select.toggled': { guard: 'isEditableList', actions: { type: 'toggleRow', params: ({ event }) => event } },
                'members.drag.started': {
                  guard: 'isEditableList',
                  target: 'dragging',
                  actions: { type: 'startDrag', params: ({ event }) => event },
                },
                'members.move': {
                  guard: and(['isEditableList', 'hasSelection', 'isIdleRobot', 'offersRequestedMove']),
                  target: 'moving',
                },
                'members.remove': [
                  {
                    guard: and(['isEditableList', 'hasSelection', 'isIdleRobot', 'offersRemoval', 'isRobotAvailable', 'fitsRemovalLimits']),
                    target: 'previewingRemoval',
                  },
                  {
                    guard: and(['isEditableList', 'hasSelection', 'isIdleRobot', 'offersRemoval', 'isRobotAvailable', 'needsUpgrade']),
                    target: 'upgradeRequired',
                  },
                  {
                    guard: and(['isEditableList', 'hasSelection', 'isIdleRobot', 'offersRemoval', 'isRobotAvailable']),
                    target: 'removalsLimitReached',
                  },
                ],
              },
            },
            dragging: {
              on: {
                'members.drag.entered': { actions: { type: 'extendDrag', params: ({ event }) => event } },
                'members.drag.ended': { target: 'browsing', actions: 'endDrag' },
              },
            },
            moving: {
              invoke: {
                id: 'moveMembers',
                src: 'moveMembers',
                input: ({ context, event }) => ({
                  api: context.api,
                  group: context.group,
                  move: (event as Extract<MemberListEvent, { type: 'members.move' }>).move,
                  ids: context.selection,
                }),
                onDone: [
                  { guard: { type: 'isMoved', params: ({ event }) => event.output }, target: '#memberList.list.loading' },
                  { target: 'browsing', actions: { type: 'rememberFailure', params: ({ event }) => event.output } },
                ],
              },
            },
            previewingRemoval: {
              invoke: {
                id: 'previewRemoval',
                src: 'previewRemoval',
                input: ({ context }) => ({ api: context.api, group: context.group, ids: context.selection }),
                onDone: [
                  {
                    guard: { type: 'isPreviewed', params: ({ event }) => event.output },
                    target: 'confirmingRemoval',
                    actions: { type: 'rememberPreview', params: ({ event }) => event.output },
                  },
                  { target: 'browsing', actions: { type: 'rememberFailure', params: ({ event }) => event.output } },
                ],
              },
            },
            confirmingRemoval: {
              on: {
                'members.removal.confirmed': { target: 'removing' },
                'members.dialog.closed': { target: 'browsing', actions: 'forgetPreview' },
              },
            },
            removing: {
              entry: 'startRemoval',
              on: {
                'robot.reply.done': { target: '#memberList.list.loading' },
                'robot.reply.failed': {
                  target: 'browsing',
                  actions: [{ type: 'rememberFailure', params: ({ event }) => ({ kind: 'failed', message: event.message }) }, 'forgetPreview'],
                },
              },
            },
            upgradeRequired: {
              initial: 'highlighted',
              on: { 'members.dialog.closed': { target: 'browsing' } },
              states: {
                highlighted: { after: { upgradeBlink: 'plain' } },
                plain: { after: { upgradeBlink: 'highlighted' } },
              },
            },
            removalsLimitReached: {
              on: { 'members.dialog.closed': { target: 'browsing' } },
            },
          },
        },
      },
    },
    export: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'members.export': { target: 'exporting' } },
        },
        exporting: {
          invoke: {
            id: 'exportMembers',
            src: 'exportMembers',
            input: ({ context }) => ({ api: context.api, group: context.group, query: context.query }),
            onDone: { target: 'idle', actions: { type: 'saveExport', params: ({ event }) => ({ file: event.output }) } },
            onError: { target: 'idle', actions: { type: 'tellExportFailed', params: ({ event }) => unexpectedFailureOf(event.error) } },
          },
        },
      },
    },
  },
});
