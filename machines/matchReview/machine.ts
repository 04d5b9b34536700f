import { and, assign, emit, setup } from 'xstate';
import type { ApiClient } from '../../src/api/client';
import { splitDuplicateLinks, type MatchTab } from '../../rules/matches';
import { invertedSelection, toggledSelection, withRowsBetween } from '../shared/selection';
import { actionsOf, leavesListAtOnce, type MatchAction } from './actions';
import {
  applyMatchAction,
  fetchAccountCustomers,
  removeCustomerMember,
  type AccountCustomersList,
  type ChangeAnswer,
  type ListAnswer,
  type MatchItem,
  type MatchReviewQuery,
  type MatchSortField,
} from './actors';
import { firstPageOf, MATCH_REVIEW_DEFAULTS } from './query';

/** Part 2 §9: a row action waits 3 seconds, while it can be undone, before it is sent. */
export const UNDO_WINDOW_MS = 3_000;
/** The countdown the admin sees while a row action waits: one step a second. */
export const UNDO_TICK_MS = 1_000;

export interface MatchReviewInput {
  api: ApiClient;
  groupId: number;
  /** The tab the review opens on; all_data unless given (part 2 §9). */
  list?: MatchTab;
}

/** An action asked for and not sent yet: one row's (with its undo countdown) or the selection's. */
export interface PendingAction {
  action: MatchAction;
  items: MatchItem[];
  /** A bulk Accept on requires_attention: the items repeating a member or a customer are left out. */
  crossed: MatchItem[];
}

export interface MatchReviewContext {
  api: ApiClient;
  groupId: number;
  query: MatchReviewQuery;
  /** The member the list is filtered by, as the picker shows it. */
  member: { id: number; name: string } | null;
  /** The last page the server sent; kept while the next one loads. */
  page: AccountCustomersList | null;
  /** Selected matches by match_id. */
  selection: number[];
  dragBase: number[];
  dragFrom: number | null;
  pending: PendingAction | null;
  /** Seconds left before a row action is sent. */
  secondsLeft: number;
  /** Matches that left the list at once (rejected or restored) until it loads again. */
  hidden: number[];
  /** The customer whose member is being removed. */
  customerId: string | null;
  failure: string | null;
}

export type MatchReviewEvent =
  | { type: 'review.tab.changed'; list: MatchTab }
  | { type: 'review.page.changed'; page: number; perPage: number }
  | { type: 'review.sort.changed'; by: MatchSortField; direction: 'asc' | 'desc' }
  | { type: 'review.member.changed'; member: { id: number; name: string } | null }
  | { type: 'review.reload' }
  | { type: 'review.select.all' }
  | { type: 'review.select.none' }
  | { type: 'review.select.invert' }
  | { type: 'review.select.toggled'; matchId: number }
  | { type: 'review.drag.started'; matchId: number }
  | { type: 'review.drag.entered'; matchId: number }
  | { type: 'review.drag.ended' }
  | { type: 'review.row.action'; action: MatchAction; matchId: number }
  | { type: 'review.bulk.action'; action: MatchAction }
  | { type: 'review.undo' }
  | { type: 'review.confirmed' }
  | { type: 'review.dialog.closed' }
  | { type: 'review.member.remove'; customerId: string };

/** What a call changed: matches, or the member of a customer. */
export type ReviewedAction = MatchAction | 'removeMember';

/** How an action ended, for the page's toast. */
export type MatchReviewEmitted =
  | { type: 'review.action.done'; action: ReviewedAction; count: number }
  | { type: 'review.action.failed'; action: ReviewedAction; message: string };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const countOf = (answer: ChangeAnswer) => (answer.kind === 'changed' ? answer.count : 0);
const failureOf = (answer: ChangeAnswer) => (answer.kind === 'failed' ? answer.message : '');

const shownMatchesOf = (context: MatchReviewContext) => (context.page?.matches ?? []).filter((match) => !context.hidden.includes(match.match_id));
const rowIdsOf = (context: MatchReviewContext) => shownMatchesOf(context).map((match) => match.match_id);
/** The rows have checkboxes where the tab has an action. */
const takesSelection = (context: MatchReviewContext) => actionsOf(context.query.list).length > 0;
const offersBulkAction = (context: MatchReviewContext, action: MatchAction) =>
  actionsOf(context.query.list).includes(action) && context.selection.length > 0;

/**
 * A change of tab, page, sort or member, or a reload, asks anew: `reenter` restarts the fetch when the
 * change comes while a page still loads, so the page shown is the one last asked for.
 */
const QUERY_CHANGES = {
  'review.tab.changed': {
    guard: { type: 'offersTab', params: ({ event }: { event: { list: MatchTab } }) => ({ list: event.list }) },
    target: '#matchReview.loading',
    reenter: true,
    actions: { type: 'rememberQuery', params: ({ context, event }: { context: MatchReviewContext; event: { list: MatchTab } }) => ({ query: { ...firstPageOf(context.query), list: event.list, sort: null } }) },
  },
  'review.page.changed': {
    target: '#matchReview.loading',
    reenter: true,
    actions: {
      type: 'rememberQuery',
      params: ({ context, event }: { context: MatchReviewContext; event: { page: number; perPage: number } }) => ({
        query: event.perPage === context.query.per_page ? { ...context.query, page: event.page } : { ...firstPageOf(context.query), per_page: event.perPage },
      }),
    },
  },
  'review.sort.changed': {
    target: '#matchReview.loading',
    reenter: true,
    actions: {
      type: 'rememberQuery',
      params: ({ context, event }: { context: MatchReviewContext; event: { by: MatchSortField; direction: 'asc' | 'desc' } }) => ({
        query: { ...firstPageOf(context.query), sort: { by: event.by, direction: event.direction } },
      }),
    },
  },
  'review.member.changed': {
    target: '#matchReview.loading',
    reenter: true,
    actions: [
      {
        type: 'rememberQuery',
        params: ({ context, event }: { context: MatchReviewContext; event: { member: { id: number } | null } }) => ({
          query: { ...firstPageOf(context.query), member_id: event.member?.id ?? null },
        }),
      },
      { type: 'rememberMember', params: ({ event }: { event: { member: { id: number; name: string } | null } }) => ({ member: event.member }) },
    ],
  },
  'review.reload': { target: '#matchReview.loading', reenter: true },
} as const;

/**
 * The review of a payment account's customers and match suggestions (spec part 2 §2, §4, §5, §9):
 * five tabs with their counts, a member filter, pages and the Similarity sort; a selection of the
 * matches (all, none, invert, drag) that resets whenever the list loads again. A row action waits
 * 3 seconds with its countdown and Undo before it is sent; a bulk action asks first, and a bulk
 * Accept on requires_attention opens 'Match Approval Required', which leaves out the items
 * repeating a member or a customer. Rejected or restored rows leave the list at once; after each
 * call the list and its counts load again. Removing a customer's member asks first.
 */
export const matchReviewMachine = setup({
  types: {
    context: {} as MatchReviewContext,
    events: {} as MatchReviewEvent,
    input: {} as MatchReviewInput,
    emitted: {} as MatchReviewEmitted,
  },
  actors: { fetchAccountCustomers, applyMatchAction, removeCustomerMember },
  delays: { undoWindow: UNDO_WINDOW_MS, undoTick: UNDO_TICK_MS },
  guards: {
    isLoaded: (_, answer: ListAnswer) => answer.kind === 'loaded',
    isChanged: (_, answer: ChangeAnswer) => answer.kind === 'changed',
    /** A tab other than the one shown, with something in it (a tab is disabled at 0). */
    offersTab: ({ context }, { list }: { list: MatchTab }) =>
      list !== context.query.list && (context.page === null || context.page.filtered_count[list] > 0),
    takesSelection: ({ context }) => takesSelection(context),
    hasSelection: ({ context }) => context.selection.length > 0,
    isSelectableRow: ({ context }, { matchId }: { matchId: number }) => takesSelection(context) && rowIdsOf(context).includes(matchId),
    offersRowAction: ({ context }, { action, matchId }: { action: MatchAction; matchId: number }) =>
      actionsOf(context.query.list).includes(action) && rowIdsOf(context).includes(matchId),
    offersBulkAction: ({ context }, { action }: { action: MatchAction }) => offersBulkAction(context, action),
    /** A bulk Accept on requires_attention asks through 'Match Approval Required' (part 2 §5). */
    needsApproval: ({ context }, { action }: { action: MatchAction }) =>
      offersBulkAction(context, action) && action === 'link' && context.query.list === 'requires_attention',
    hasLinkedMember: ({ context }, { customerId }: { customerId: string }) =>
      context.page?.customers.some((customer) => customer.id === customerId && customer.member_id !== null) ?? false,
  },
  actions: {
    rememberPage: assign((_, answer: ListAnswer) => (answer.kind === 'loaded' ? { page: answer.list, failure: null, hidden: [] } : {})),
    rememberFailure: assign((_, answer: ListAnswer) => (answer.kind === 'failed' ? { failure: answer.message, hidden: [] } : {})),
    rememberQuery: assign((_, { query }: { query: MatchReviewQuery }) => ({ query })),
    rememberMember: assign((_, { member }: { member: { id: number; name: string } | null }) => ({ member })),
    clearSelection: assign({ selection: [], dragBase: [], dragFrom: null }),
    selectAll: assign(({ context }) => ({ selection: rowIdsOf(context) })),
    invertSelection: assign(({ context }) => ({ selection: invertedSelection(rowIdsOf(context), context.selection) })),
    toggleRow: assign(({ context }, { matchId }: { matchId: number }) => ({ selection: toggledSelection(rowIdsOf(context), context.selection, matchId) })),
    startDrag: assign(({ context }, { matchId }: { matchId: number }) => ({
      dragBase: context.selection,
      dragFrom: matchId,
      selection: withRowsBetween(rowIdsOf(context), context.selection, matchId, matchId),
    })),
    extendDrag: assign(({ context }, { matchId }: { matchId: number }) => ({
      selection: withRowsBetween(rowIdsOf(context), context.dragBase, context.dragFrom ?? matchId, matchId),
    })),
    endDrag: assign({ dragBase: [], dragFrom: null }),
    rememberRowAction: assign(({ context }, { action, matchId }: { action: MatchAction; matchId: number }) => ({
      pending: { action, items: shownMatchesOf(context).filter((match) => match.match_id === matchId), crossed: [] },
      secondsLeft: UNDO_WINDOW_MS / UNDO_TICK_MS,
    })),
    rememberBulkAction: assign(({ context }, { action }: { action: MatchAction }) => {
      const selected = shownMatchesOf(context).filter((match) => context.selection.includes(match.match_id));
      const { kept, crossed } = action === 'link' && context.query.list === 'requires_attention' ? splitDuplicateLinks(selected) : { kept: selected, crossed: [] };
      return { pending: { action, items: kept, crossed } };
    }),
    forgetPending: assign({ pending: null }),
    countDown: assign(({ context }) => ({ secondsLeft: Math.max(context.secondsLeft - 1, 0) })),
    /** Rejected or restored rows leave the list at once (part 2 §4); they come back if the call fails, with the list. */
    hideLeavingRows: assign(({ context }) =>
      context.pending && leavesListAtOnce(context.pending.action)
        ? {
            hidden: [...context.hidden, ...context.pending.items.map((item) => item.match_id)],
            selection: context.selection.filter((id) => !context.pending!.items.some((item) => item.match_id === id)),
          }
        : {},
    ),
    showHiddenRows: assign(({ context }) => ({
      hidden: context.hidden.filter((id) => !context.pending?.items.some((item) => item.match_id === id)),
    })),
    rememberCustomer: assign((_, { customerId }: { customerId: string }) => ({ customerId })),
    forgetCustomer: assign({ customerId: null }),
    tellActionDone: emit((_, { action, count }: { action: ReviewedAction; count: number }) => ({ type: 'review.action.done' as const, action, count })),
    tellActionFailed: emit((_, { action, message }: { action: ReviewedAction; message: string }) => ({
      type: 'review.action.failed' as const,
      action,
      message,
    })),
  },
}).createMachine({
  id: 'matchReview',
  context: ({ input }) => ({
    api: input.api,
    groupId: input.groupId,
    query: { ...MATCH_REVIEW_DEFAULTS, list: input.list ?? MATCH_REVIEW_DEFAULTS.list },
    member: null,
    page: null,
    selection: [],
    dragBase: [],
    dragFrom: null,
    pending: null,
    secondsLeft: 0,
    hidden: [],
    customerId: null,
    failure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      entry: ['clearSelection', 'forgetPending', 'forgetCustomer'],
      on: QUERY_CHANGES,
      invoke: {
        id: 'fetchAccountCustomers',
        src: 'fetchAccountCustomers',
        input: ({ context }) => ({ api: context.api, groupId: context.groupId, query: context.query }),
        onDone: [
          { guard: { type: 'isLoaded', params: ({ event }) => event.output }, target: 'ready', actions: { type: 'rememberPage', params: ({ event }) => event.output } },
          { target: 'failed', actions: { type: 'rememberFailure', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: { type: 'rememberFailure', params: ({ event }) => ({ kind: 'failed' as const, message: messageOf(event.error) }) } },
      },
    },
    failed: {
      on: QUERY_CHANGES,
    },
    ready: {
      initial: 'browsing',
      states: {
        browsing: {
          on: {
            ...QUERY_CHANGES,
            'review.select.all': { guard: 'takesSelection', actions: 'selectAll' },
            'review.select.none': { guard: and(['takesSelection', 'hasSelection']), actions: 'clearSelection' },
            'review.select.invert': { guard: 'takesSelection', actions: 'invertSelection' },
            'review.select.toggled': {
              guard: { type: 'isSelectableRow', params: ({ event }) => event },
              actions: { type: 'toggleRow', params: ({ event }) => event },
            },
            'review.drag.started': {
              guard: { type: 'isSelectableRow', params: ({ event }) => event },
              target: 'dragging',
              actions: { type: 'startDrag', params: ({ event }) => event },
            },
            'review.row.action': {
              guard: { type: 'offersRowAction', params: ({ event }) => event },
              target: 'awaitingUndo',
              actions: [{ type: 'rememberRowAction', params: ({ event }) => event }, 'hideLeavingRows'],
            },
            'review.bulk.action': [
              {
                guard: { type: 'needsApproval', params: ({ event }) => event },
                target: 'approving',
                actions: { type: 'rememberBulkAction', params: ({ event }) => event },
              },
              {
                guard: { type: 'offersBulkAction', params: ({ event }) => event },
                target: 'confirmingBulk',
                actions: { type: 'rememberBulkAction', params: ({ event }) => event },
              },
            ],
            'review.member.remove': {
              guard: { type: 'hasLinkedMember', params: ({ event }) => event },
              target: 'confirmingMemberRemoval',
              actions: { type: 'rememberCustomer', params: ({ event }) => event },
            },
          },
        },
        dragging: {
          on: {
            'review.drag.entered': {
              guard: { type: 'isSelectableRow', params: ({ event }) => event },
              actions: { type: 'extendDrag', params: ({ event }) => event },
            },
            'review.drag.ended': { target: 'browsing', actions: 'endDrag' },
          },
        },
        awaitingUndo: {
          after: { undoWindow: 'applying' },
          on: {
            'review.undo': { target: 'browsing', actions: ['showHiddenRows', 'forgetPending'] },
          },
          initial: 'counting',
          states: {
            counting: {
              after: { undoTick: { target: 'counting', reenter: true, actions: 'countDown' } },
            },
          },
        },
        confirmingBulk: {
          on: {
            'review.confirmed': { target: 'applying', actions: 'hideLeavingRows' },
            'review.dialog.closed': { target: 'browsing', actions: 'forgetPending' },
          },
        },
        approving: {
          on: {
            'review.confirmed': 'applying',
            'review.dialog.closed': { target: 'browsing', actions: 'forgetPending' },
          },
        },
        applying: {
          tags: 'busy',
          invoke: {
            id: 'applyMatchAction',
            src: 'applyMatchAction',
            input: ({ context }) => ({ api: context.api, groupId: context.groupId, action: context.pending!.action, items: context.pending!.items }),
            onDone: [
              {
                guard: { type: 'isChanged', params: ({ event }) => event.output },
                target: '#matchReview.loading',
                actions: { type: 'tellActionDone', params: ({ context, event }) => ({ action: context.pending!.action, count: countOf(event.output) }) },
              },
              {
                target: '#matchReview.loading',
                actions: { type: 'tellActionFailed', params: ({ context, event }) => ({ action: context.pending!.action, message: failureOf(event.output) }) },
              },
            ],
            onError: {
              target: '#matchReview.loading',
              actions: { type: 'tellActionFailed', params: ({ context, event }) => ({ action: context.pending!.action, message: messageOf(event.error) }) },
            },
          },
        },
        confirmingMemberRemoval: {
          on: {
            'review.confirmed': 'removingMember',
            'review.dialog.closed': { target: 'browsing', actions: 'forgetCustomer' },
          },
        },
        removingMember: {
          tags: 'busy',
          invoke: {
            id: 'removeCustomerMember',
            src: 'removeCustomerMember',
            input: ({ context }) => ({ api: context.api, groupId: context.groupId, customerId: context.customerId! }),
            onDone: [
              {
                guard: { type: 'isChanged', params: ({ event }) => event.output },
                target: '#matchReview.loading',
                actions: { type: 'tellActionDone', params: ({ event }) => ({ action: 'removeMember' as const, count: countOf(event.output) }) },
              },
              {
                target: '#matchReview.loading',
                actions: { type: 'tellActionFailed', params: ({ event }) => ({ action: 'removeMember' as const, message: failureOf(event.output) }) },
              },
            ],
            onError: {
              target: '#matchReview.loading',
              actions: { type: 'tellActionFailed', params: ({ event }) => ({ action: 'removeMember' as const, message: messageOf(event.error) }) },
            },
          },
        },
      },
    },
  },
});
