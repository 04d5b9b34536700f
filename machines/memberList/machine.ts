import { and, assign, emit, not, sendTo, setup, stateIn, type ActorRefFrom, type DoneActorEvent } from 'xstate';
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
  type UndoAnswer,
  undoMove,
} from './actors';
import { saveFile, type MembersCsv } from './exportFile';
import { canRemoveFrom, movesFrom, removalBlock, takesSelection, UNDO_WINDOW_MS, type MemberListName, type MemberMove } from './moves';
import { invertedSelection, toggledSelection, withRowsBetween } from '../shared/selection';
import { membersQueryOf, sameMembersQuery } from './query';

/** Part 1 §9: the upgrade-required modal's call to action blinks every second. */
export const UPGRADE_BLINK_MS = 1_000;

/**
 * How the last move or removal ended, shown until the undo window closes: a move can be undone in
 * that window; a removal by the robot cannot (the members left the group on the network).
 */
export type ListOutcome =
  | { kind: 'moved'; seq: number; move: MemberMove; count: number; moveId: string }
  | { kind: 'undone'; seq: number; move: MemberMove; count: number; skipped: number }
  | { kind: 'removed'; seq: number; count: number };

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
  /** The row last clicked: a Shift-click selects every row from it to the clicked one. */
  anchor: number | null;
  /** The move the admin asked for, while it is confirmed and made. */
  pendingMove: MemberMove | null;
  outcome: ListOutcome | null;
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
  | { type: 'members.select.range'; id: number }
  | { type: 'members.drag.started'; id: number }
  | { type: 'members.drag.entered'; id: number }
  | { type: 'members.drag.ended' }
  | { type: 'members.move'; move: MemberMove }
  | { type: 'members.move.confirmed' }
  | { type: 'members.undo' }
  | { type: 'members.outcome.dismissed' }
  | { type: 'members.remove' }
  | { type: 'members.removal.confirmed' }
  | { type: 'members.dialog.closed' }
  | { type: 'members.export' }
  | Extract<RobotJobReport, { type: 'robot.job.finished' }>
  | RobotCommandReply;

/** The CSV export did not come through; the page tells why. */
export type MemberListEmitted = { type: 'members.export.failed'; message: string };

const rowIdsOf = (context: MemberListContext) => context.page?.members.map((member) => member.id) ?? [];

const OUTCOME_SHOWN = {
  'xstate.done.actor.moveMembers': {
    guard: and(['isMoving', { type: 'isMoved', params: ({ event }: { event: DoneActorEvent<MoveAnswer> }) => event.output }]),
    target: 'shown',
    reenter: true,
  },
  'robot.reply.done': { guard: 'isRemoving', target: 'shown', reenter: true },
} as const;

export const memberListMachine = setup({
  types: {
    context: {} as MemberListContext,
    events: {} as MemberListEvent,
    input: {} as MemberListInput,
    emitted: {} as MemberListEmitted,
  },
  actors: { exportMembers, fetchMembers, moveMembers, previewRemoval, undoMove, listenToRobotJobs, listenToListQuery },
  delays: { upgradeBlink: UPGRADE_BLINK_MS, undoWindow: UNDO_WINDOW_MS },
  guards: {
    isLoaded: (_, answer: MembersAnswer) => answer.kind === 'loaded',
    isPreviewed: (_, answer: PreviewAnswer) => answer.kind === 'previewed',
    isMoved: (_, answer: MoveAnswer) => answer.kind === 'moved',
    isUndone: (_, answer: UndoAnswer) => answer.kind === 'undone',
    isUndoable: ({ context }) => context.outcome?.kind === 'moved',
    /** A move was asked for and not answered yet (the region of the list knows which state; the toast's region keys on this). */
    isMoving: ({ context }) => context.pendingMove !== null,
    /** The previewed removal was confirmed and the robot's answer is awaited. */
    isRemoving: ({ context }) => context.preview !== null,
    isEditableList: ({ context }) => takesSelection(context.query.list, context.group.isPaid),
    asksConfirmation: ({ event }) => event.type === 'members.move' && event.move === 'remove',
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
    rememberMove: assign((_, params: { move: MemberMove }) => ({ pendingMove: params.move })),
    forgetMove: assign({ pendingMove: null }),
    rememberMoved: assign(({ context }, answer: MoveAnswer) =>
      answer.kind === 'moved' && context.pendingMove
        ? { outcome: { kind: 'moved' as const, seq: (context.outcome?.seq ?? 0) + 1, move: context.pendingMove, count: answer.count, moveId: answer.moveId } }
        : {},
    ),
    rememberUndone: assign(({ context }, answer: UndoAnswer) =>
      answer.kind === 'undone' && context.outcome?.kind === 'moved'
        ? { outcome: { kind: 'undone' as const, seq: context.outcome.seq + 1, move: context.outcome.move, count: answer.count, skipped: answer.skipped } }
        : {},
    ),
    rememberRemoved: assign(({ context }) => ({
      outcome: { kind: 'removed' as const, seq: (context.outcome?.seq ?? 0) + 1, count: context.preview?.members.length ?? 0 },
    })),
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
    invertSelection: assign(({ context }) => ({ selection: invertedSelection(rowIdsOf(context), context.selection) })),
    toggleRow: assign(({ context }, params: { id: number }) => ({
      anchor: params.id,
      selection: toggledSelection(rowIdsOf(context), context.selection, params.id),
    })),
    selectRange: assign(({ context }, params: { id: number }) => {
      const anchor = context.anchor !== null && rowIdsOf(context).includes(context.anchor) ? context.anchor : params.id;
      return { anchor: params.id, selection: withRowsBetween(rowIdsOf(context), context.selection, anchor, params.id) };
    }),
    startDrag: assign(({ context }, params: { id: number }) => ({ dragBase: context.selection, dragFrom: params.id })),
    extendDrag: assign(({ context }, params: { id: number }) => ({
      selection: withRowsBetween(rowIdsOf(context), context.dragBase, context.dragFrom ?? params.id, params.id),
    })),
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
    anchor: null,
    pendingMove: null,
    outcome: null,
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
        // An undo took members back to their lists: the page shows them where they are now.
        'xstate.done.actor.undoMove': {
          guard: and([
            'isUndoable',
            { type: 'isUndone', params: ({ event }: { event: DoneActorEvent<UndoAnswer> }) => event.output },
          ]),
          target: '.loading',
        },
        // A scan or a removal of this group changed who is in which list. The removal this list asked for
        // reloads it on the robot's reply instead, which says how it ended.
        'robot.job.finished': {
          guard: and(['isJobOfThisGroup', not(stateIn({ list: { ready: 'removing' } }))]),
          target: '.loading',
        },
      },
      states: {
        loading: {
          entry: ['clearSelection', 'forgetPreview', 'endDrag', 'forgetMove'],
          invoke: {
            id: 'fetchMembers',
            src: 'fetchMembers',
            input: ({ context }) => ({ api: context.api, group: context.group, query: context.query, previous: context.page }),
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
                'members.select.range': { guard: 'isEditableList', actions: { type: 'selectRange', params: ({ event }) => event } },
                'members.drag.started': {
                  guard: 'isEditableList',
                  target: 'dragging',
                  actions: { type: 'startDrag', params: ({ event }) => event },
                },
                'members.move': [
                  {
                    guard: and(['isEditableList', 'hasSelection', 'isIdleRobot', 'offersRequestedMove', 'asksConfirmation']),
                    target: 'confirmingMove',
                    actions: { type: 'rememberMove', params: ({ event }) => event },
                  },
                  {
                    guard: and(['isEditableList', 'hasSelection', 'isIdleRobot', 'offersRequestedMove']),
                    target: 'moving',
                    actions: { type: 'rememberMove', params: ({ event }) => event },
                  },
                ],
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
            // 'Move to Removed' asks first: the members leave the page's lists for the archive.
            confirmingMove: {
              on: {
                'members.move.confirmed': { target: 'moving' },
                'members.dialog.closed': { target: 'browsing', actions: 'forgetMove' },
              },
            },
            moving: {
              invoke: {
                id: 'moveMembers',
                src: 'moveMembers',
                input: ({ context }) => ({ api: context.api, group: context.group, move: context.pendingMove!, ids: context.selection }),
                onDone: [
                  {
                    guard: { type: 'isMoved', params: ({ event }) => event.output },
                    target: '#memberList.list.loading',
                    actions: { type: 'rememberMoved', params: ({ event }) => event.output },
                  },
                  { target: 'browsing', actions: [{ type: 'rememberFailure', params: ({ event }) => event.output }, 'forgetMove'] },
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
                'robot.reply.done': { target: '#memberList.list.loading', actions: 'rememberRemoved' },
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
    // The success toast of the last move or removal; a move's offers Undo until the window closes.
    outcome: {
      initial: 'none',
      states: {
        none: { on: OUTCOME_SHOWN },
        shown: {
          after: { undoWindow: 'none' },
          on: {
            ...OUTCOME_SHOWN,
            'members.undo': { guard: 'isUndoable', target: 'undoing' },
            'members.outcome.dismissed': { target: 'none' },
          },
        },
        undoing: {
          invoke: {
            id: 'undoMove',
            src: 'undoMove',
            input: ({ context }) => ({
              api: context.api,
              group: context.group,
              moveId: context.outcome?.kind === 'moved' ? context.outcome.moveId : '',
            }),
            onDone: [
              {
                guard: { type: 'isUndone', params: ({ event }) => event.output },
                target: 'shown',
                actions: { type: 'rememberUndone', params: ({ event }) => event.output },
              },
              { target: 'none', actions: { type: 'rememberFailure', params: ({ event }) => event.output } },
            ],
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
