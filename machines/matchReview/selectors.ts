import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { averagePercent, MATCH_TABS, matchPercent, type MatchTab } from '../../rules/matches';
import { formatUsd } from '../../rules/prices';
import { countOf } from '../../src/ui/plural';
import type { ToastRequest } from '../../src/ui/toast';
import { ACTION_LABELS, actionsOf, type MatchAction } from './actions';
import type { Customer, MatchItem, MatchSortField } from './actors';
import type { matchReviewMachine, MatchReviewEmitted } from './machine';
import { MATCH_PER_PAGE_OPTIONS } from './query';

export type MatchReviewSnapshot = SnapshotFrom<typeof matchReviewMachine>;
export type MatchReviewActor = ActorRefFrom<typeof matchReviewMachine>;

/** Part 2 §2: the data block's title by tab. */
export const BLOCK_TITLES: Record<MatchTab, string> = {
  all_data: 'Stripe Customers',
  matched: 'Match Suggestions',
  requires_attention: 'Match Suggestions',
  approved: 'Matched Stripe Customers with Facebook Group Members',
  rejected: 'Match Suggestions',
};

export const TAB_LABELS: Record<MatchTab, string> = {
  all_data: 'All Data',
  matched: 'Matched',
  requires_attention: 'Requires Attention',
  approved: 'Approved',
  rejected: 'Rejected',
};

const EMPTY_TEXTS: Record<MatchTab, string> = {
  all_data: 'No customers in the connected account yet.',
  matched: 'No match suggestions.',
  requires_attention: 'No suggestions need your attention.',
  approved: 'No customer is linked to a member yet.',
  rejected: 'No rejected suggestions.',
};

export const APPROVAL_TEXTS = {
  title: 'Match Approval Required',
  probability: 'Less than 100% probability',
  crossedNote: "The crossed out customers won't be linked, due to duplicate FB member or stripe customer",
} as const;

export const REMOVE_MEMBER_TEXT = 'Are you sure want to remove member?';

/** Part 2 §5: every bulk action but the approval asks this. */
export function bulkConfirmText(action: MatchAction, count: number): string {
  return `Are you sure want to ${ACTION_LABELS[action].verb} ${count} matches?`;
}

export interface MatchTabView {
  list: MatchTab;
  label: string;
  count: number | null;
  selected: boolean;
  disabled: boolean;
}

export interface MemberCell {
  id: number;
  name: string;
  avatarUrl: string | null;
}

export interface MatchRow {
  matchId: number;
  member: MemberCell;
  /** The customer's name, else the email. */
  customer: string;
  percent: number;
  reason: string;
  selected: boolean;
  actions: Array<{ action: MatchAction; label: string; enabled: boolean }>;
}

export interface CustomerRow {
  id: string;
  customer: string;
  paid: string;
  subscription: string | null;
  status: string | null;
  member: MemberCell | null;
  canRemoveMember: boolean;
}

export interface ApprovalItem {
  matchId: number;
  member: string;
  customer: string;
  percent: number;
  crossed: boolean;
}

export type MatchReviewDialog =
  | { kind: 'confirmBulk'; text: string; confirmLabel: string }
  | { kind: 'approval'; title: string; probability: string; average: string; items: ApprovalItem[]; crossedNote: string | null; confirmLabel: string; canConfirm: boolean }
  | { kind: 'removeMember'; text: string };

export interface MatchReviewView {
  title: string;
  tabs: MatchTabView[];
  list: MatchTab;
  table: 'customers' | 'matches';
  customers: CustomerRow[];
  matches: MatchRow[];
  /** Similarity is hidden on approved (part 2 §2). */
  showsSimilarity: boolean;
  sort: { by: MatchSortField; direction: 'asc' | 'desc' } | null;
  memberFilter: { id: number; name: string } | null;
  page: number;
  perPage: number;
  perPageOptions: readonly number[];
  total: number;
  loading: boolean;
  loadFailure: string | null;
  emptyText: string;
  /** The selection's toolbar, on the tabs that have actions. */
  selection: {
    count: number;
    selectAll: boolean;
    selectNone: boolean;
    invert: boolean;
    bulk: Array<{ action: MatchAction; label: string; enabled: boolean }>;
  } | null;
  dragging: boolean;
  /** A row action waiting to be sent, with its countdown and Undo. */
  undo: { text: string; secondsLeft: number } | null;
  dialog: MatchReviewDialog | null;
  busy: boolean;
}

const customerLabel = (name: string | null, email: string | null | undefined, id: string) => name || email || id;
const memberOf = (match: MatchItem): MemberCell => ({
  id: match.member_id,
  name: match.member?.name ?? `Member #${match.member_id}`,
  avatarUrl: match.member?.avatar_url ?? null,
});
const matchCustomer = (match: MatchItem) => customerLabel(match.customer_name, match.customer_email, match.customer_id);

function tabsOf(snapshot: MatchReviewSnapshot): MatchTabView[] {
  const { query, page } = snapshot.context;
  return MATCH_TABS.map((list) => {
    const selected = list === query.list;
    const count = page ? page.filtered_count[list] : null;
    return { list, label: TAB_LABELS[list], count, selected, disabled: !selected && (count === 0 || !snapshot.can({ type: 'review.tab.changed', list })) };
  });
}

/** The page shown, when it is of the tab chosen: another tab's rows would carry this tab's actions. */
function shownPage(snapshot: MatchReviewSnapshot) {
  const { page, query } = snapshot.context;
  return page?.list === query.list ? page : null;
}

function matchRowsOf(snapshot: MatchReviewSnapshot): MatchRow[] {
  const { hidden, selection, query } = snapshot.context;
  return (shownPage(snapshot)?.matches ?? [])
    .filter((match) => !hidden.includes(match.match_id))
    .map((match) => ({
      matchId: match.match_id,
      member: memberOf(match),
      customer: matchCustomer(match),
      percent: matchPercent(match.score),
      reason: match.reason,
      selected: selection.includes(match.match_id),
      actions: actionsOf(query.list).map((action) => ({
        action,
        label: ACTION_LABELS[action].button,
        enabled: snapshot.can({ type: 'review.row.action', action, matchId: match.match_id }),
      })),
    }));
}

function customerRowsOf(snapshot: MatchReviewSnapshot): CustomerRow[] {
  return (shownPage(snapshot)?.customers ?? []).map((customer: Customer) => ({
    id: customer.id,
    customer: customerLabel(customer.name, customer.email, customer.id),
    paid: formatUsd(customer.paid),
    subscription: customer.subscription,
    status: customer.subscription_status,
    member:
      customer.member_id === null
        ? null
        : { id: customer.member_id, name: customer.member?.name ?? `Member #${customer.member_id}`, avatarUrl: customer.member?.avatar_url ?? null },
    canRemoveMember: snapshot.can({ type: 'review.member.remove', customerId: customer.id }),
  }));
}

function selectionOf(snapshot: MatchReviewSnapshot): MatchReviewView['selection'] {
  const { query, selection } = snapshot.context;
  const actions = actionsOf(query.list);
  if (actions.length === 0) return null;
  return {
    count: selection.length,
    selectAll: snapshot.can({ type: 'review.select.all' }),
    selectNone: snapshot.can({ type: 'review.select.none' }),
    invert: snapshot.can({ type: 'review.select.invert' }),
    bulk: actions.map((action) => ({
      action,
      label: `${ACTION_LABELS[action].button} (${selection.length})`,
      enabled: snapshot.can({ type: 'review.bulk.action', action }),
    })),
  };
}

function undoOf(snapshot: MatchReviewSnapshot): MatchReviewView['undo'] {
  const { pending, secondsLeft } = snapshot.context;
  if (!snapshot.matches({ ready: 'awaitingUndo' }) || !pending) return null;
  const [item] = pending.items;
  const what = item ? ` ${memberOf(item).name} and ${matchCustomer(item)}` : '';
  return { text: `${ACTION_LABELS[pending.action].waiting}${what} in ${secondsLeft} s`, secondsLeft };
}

function dialogOf(snapshot: MatchReviewSnapshot): MatchReviewDialog | null {
  const { pending } = snapshot.context;
  if (snapshot.matches({ ready: 'confirmingMemberRemoval' })) return { kind: 'removeMember', text: REMOVE_MEMBER_TEXT };
  if (!pending) return null;
  if (snapshot.matches({ ready: 'confirmingBulk' })) {
    return { kind: 'confirmBulk', text: bulkConfirmText(pending.action, pending.items.length), confirmLabel: ACTION_LABELS[pending.action].button };
  }
  if (snapshot.matches({ ready: 'approving' })) {
    const toItem = (crossed: boolean) => (match: MatchItem): ApprovalItem => ({
      matchId: match.match_id,
      member: memberOf(match).name,
      customer: matchCustomer(match),
      percent: matchPercent(match.score),
      crossed,
    });
    const all = [...pending.items, ...pending.crossed];
    return {
      kind: 'approval',
      title: APPROVAL_TEXTS.title,
      probability: APPROVAL_TEXTS.probability,
      average: `Average score: ${averagePercent(all)}%`,
      // In the selection's order, each duplicate where it stands.
      items: all
        .map((match) => toItem(pending.crossed.includes(match))(match))
        .sort((a, b) => snapshot.context.selection.indexOf(a.matchId) - snapshot.context.selection.indexOf(b.matchId)),
      crossedNote: pending.crossed.length > 0 ? APPROVAL_TEXTS.crossedNote : null,
      confirmLabel: `Accept ${countOf(pending.items.length, 'match', 'matches')}`,
      canConfirm: snapshot.can({ type: 'review.confirmed' }),
    };
  }
  return null;
}

/** Everything the review shows, from one snapshot of its statechart. */
export function matchReviewView(snapshot: MatchReviewSnapshot): MatchReviewView {
  const { query, page, member, failure } = snapshot.context;
  const failed = snapshot.matches('failed');
  return {
    title: BLOCK_TITLES[query.list],
    tabs: tabsOf(snapshot),
    list: query.list,
    table: query.list === 'all_data' ? 'customers' : 'matches',
    customers: customerRowsOf(snapshot),
    matches: matchRowsOf(snapshot),
    showsSimilarity: query.list !== 'approved',
    sort: query.sort,
    memberFilter: member,
    page: query.page,
    perPage: query.per_page,
    perPageOptions: MATCH_PER_PAGE_OPTIONS,
    total: page ? page.filtered_count[query.list] : 0,
    loading: snapshot.hasTag('loading'),
    loadFailure: failed ? failure : null,
    emptyText: EMPTY_TEXTS[query.list],
    selection: selectionOf(snapshot),
    dragging: snapshot.matches({ ready: 'dragging' }),
    undo: undoOf(snapshot),
    dialog: dialogOf(snapshot),
    busy: snapshot.hasTag('busy'),
  };
}

/** The toast after each call (part 2 §8: a title, a message and a variant). */
export function matchReviewToast(emitted: MatchReviewEmitted): ToastRequest {
  if (emitted.action === 'removeMember') {
    return emitted.type === 'review.action.done'
      ? { title: 'Member removed', message: 'The member is no longer linked to the customer.', variant: 'success' }
      : { title: 'Not removed', message: `The member could not be removed. ${emitted.message}`, variant: 'danger' };
  }
  const labels = ACTION_LABELS[emitted.action];
  return emitted.type === 'review.action.done'
    ? { title: 'Done', message: `${countOf(emitted.count, 'match', 'matches')} ${labels.done}.`, variant: 'success' }
    : { title: 'Not saved', message: `The matches could not be ${labels.done}. ${emitted.message}`, variant: 'danger' };
}
