import { answering, type MachineStories } from '../../../.storybook/machineStories';
import { unreachableApi } from '../../../.storybook/storyRobot';
import type { MatchTab } from '../../../rules/matches';
import { matchReviewMachine, type MatchReviewEvent, type MatchReviewInput } from '../../../machines/matchReview/machine';
import { matchReviewView, type MatchReviewSnapshot } from '../../../machines/matchReview/selectors';
import { MATCH_REVIEW_ANSWERS, REVIEW_GROUP } from './fixtures';

const startingOn = (list: MatchTab): MatchReviewInput => ({ api: unreachableApi, groupId: REVIEW_GROUP.id, list });

const answers = MATCH_REVIEW_ANSWERS;
const loading = (name: keyof typeof answers.fetchAccountCustomers) => ({ fetchAccountCustomers: answering({ [name]: answers.fetchAccountCustomers[name] }) });
const applied = { applyMatchAction: answering({ changed: answers.applyMatchAction.changed }) };
const confirmed: MatchReviewEvent = { type: 'review.confirmed' };
const closed: MatchReviewEvent = { type: 'review.dialog.closed' };

/** How much of the page's rows is selected. */
function selectedOf({ context }: MatchReviewSnapshot): string {
  if (context.selection.length === 0) return '';
  const shown = (context.page?.matches ?? []).filter((match) => !context.hidden.includes(match.match_id)).length;
  return context.selection.length === shown ? 'AllSelected' : 'SomeSelected';
}

/**
 * The review's reachable states for the stories. It opens on the customers (all_data), where a
 * customer's member can be removed; further worlds open on each suggestions tab: row actions with
 * their undo countdown, the bulk question, the approval modal, drag-select.
 */
export const matchReviewStories: MachineStories<typeof matchReviewMachine> = {
  machine: matchReviewMachine,
  input: startingOn('all_data'),
  events: [{ type: 'review.member.remove', customerId: 'cus_ada' }, confirmed, closed, { type: 'review.reload' }],
  outcomes: {
    fetchAccountCustomers: answering({ customers: answers.fetchAccountCustomers.customers, failed: answers.fetchAccountCustomers.failed }),
    removeCustomerMember: answering({ changed: answers.removeCustomerMember.changed }),
  },
  worlds: {
    'requires attention': {
      input: startingOn('requires_attention'),
      events: [
        { type: 'review.select.all' },
        { type: 'review.row.action', action: 'link', matchId: 11 },
        { type: 'review.row.action', action: 'reject', matchId: 14 },
        { type: 'review.undo' },
        { type: 'review.bulk.action', action: 'link' },
        confirmed,
        closed,
      ],
      outcomes: { ...loading('requiresAttention'), ...applied },
    },
    matched: {
      input: startingOn('matched'),
      events: [{ type: 'review.select.toggled', matchId: 21 }, { type: 'review.bulk.action', action: 'reject' }, closed],
      outcomes: loading('matched'),
    },
    drag: {
      input: startingOn('matched'),
      events: [{ type: 'review.drag.started', matchId: 21 }, { type: 'review.drag.entered', matchId: 22 }, { type: 'review.drag.ended' }],
      outcomes: loading('matched'),
    },
    approved: {
      input: startingOn('approved'),
      events: [{ type: 'review.row.action', action: 'unlink', matchId: 31 }],
      outcomes: loading('approved'),
    },
    rejected: {
      input: startingOn('rejected'),
      events: [{ type: 'review.row.action', action: 'restore', matchId: 41 }],
      outcomes: loading('rejected'),
    },
  },
  // The countdown's seconds are one story: the one a row action opens with.
  shows: (snapshot) => {
    const view = matchReviewView(snapshot);
    return { value: snapshot.value, view: { ...view, undo: view.undo ? true : null } };
  },
  variant: (snapshot) =>
    [
      (snapshot.matches('loading') || snapshot.matches('failed')) && snapshot.context.page ? 'Again' : '',
      selectedOf(snapshot),
      snapshot.context.hidden.length > 0 && !snapshot.context.pending ? 'RowsLeft' : '',
      snapshot.context.pending ? snapshot.context.pending.action.replace(/^./, (first) => first.toUpperCase()) : '',
    ].join(''),
};
