import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { actionsOf } from '../../../machines/matchReview/actions';
import type { MatchReviewContext } from '../../../machines/matchReview/machine';
import { matchReviewMachine } from '../../../machines/matchReview/machine';
import { bulkConfirmText, matchReviewToast, matchReviewView } from '../../../machines/matchReview/selectors';
import { invertedSelection, toggledSelection, withRowsBetween } from '../../../machines/shared/selection';
import { createApiClient } from '../../../src/api/client';
import { PAGES, REQUIRES_ATTENTION } from '../../../src/features/matchReview/fixtures';

const api = createApiClient({ baseUrl: 'http://api.invalid/api/v1', fetch: () => Promise.reject(new Error('no calls here')) });

/** A snapshot of the review in a state, with the context the test gives. */
function snapshotAt(value: Parameters<typeof matchReviewMachine.resolveState>[0]['value'], context: Partial<MatchReviewContext>) {
  const initial = createActor(matchReviewMachine, { input: { api, groupId: 7 } }).getSnapshot().context;
  return matchReviewMachine.resolveState({ value, context: { ...initial, ...context } });
}

describe('the actions of each tab (part 2 §4)', () => {
  it('offers Accept and Reject on suggestions, Restore on rejected, Unlink on approved, nothing on the customers', () => {
    expect(actionsOf('matched')).toEqual(['link', 'reject']);
    expect(actionsOf('requires_attention')).toEqual(['link', 'reject']);
    expect(actionsOf('rejected')).toEqual(['restore']);
    expect(actionsOf('approved')).toEqual(['unlink']);
    expect(actionsOf('all_data')).toEqual([]);
  });
});

describe('bulk confirmation (part 2 §5)', () => {
  it('asks with the action and the count', () => {
    expect(bulkConfirmText('reject', 3)).toBe('Are you sure want to reject 3 matches?');
    expect(bulkConfirmText('restore', 2)).toBe('Are you sure want to restore 2 matches?');
    expect(bulkConfirmText('link', 5)).toBe('Are you sure want to accept 5 matches?');
  });
});

describe('matchReviewView', () => {
  it('titles the block by tab and hides Similarity on approved', () => {
    const on = (list: 'all_data' | 'approved' | 'rejected') =>
      matchReviewView(snapshotAt({ ready: 'browsing' }, { query: { list, page: 1, per_page: 25, member_id: null, sort: null }, page: PAGES[list] }));
    expect(on('all_data')).toMatchObject({ title: 'Stripe Customers', table: 'customers' });
    expect(on('approved')).toMatchObject({ title: 'Matched Stripe Customers with Facebook Group Members', showsSimilarity: false });
    expect(on('rejected')).toMatchObject({ title: 'Match Suggestions', showsSimilarity: true });
  });

  it('shows the approval with the average, crossing out the duplicates where they stand in the selection', () => {
    const [first, sameMember, sameCustomer, other] = REQUIRES_ATTENTION;
    const view = matchReviewView(
      snapshotAt(
        { ready: 'approving' },
        {
          query: { list: 'requires_attention', page: 1, per_page: 25, member_id: null, sort: null },
          page: PAGES.requires_attention,
          selection: [11, 12, 13, 14],
          pending: { action: 'link', items: [first!, other!], crossed: [sameMember!, sameCustomer!] },
        },
      ),
    );
    expect(view.dialog).toMatchObject({ kind: 'approval', title: 'Match Approval Required', probability: 'Less than 100% probability', average: 'Average score: 76%' });
    expect(view.dialog?.kind === 'approval' && view.dialog.items.map((item) => [item.matchId, item.crossed])).toEqual([
      [11, false],
      [12, true],
      [13, true],
      [14, false],
    ]);
  });

  it('leaves hidden rows out and counts the selection on the bulk buttons', () => {
    const view = matchReviewView(
      snapshotAt(
        { ready: 'browsing' },
        { query: { list: 'matched', page: 1, per_page: 25, member_id: null, sort: null }, page: PAGES.matched, selection: [22], hidden: [21] },
      ),
    );
    expect(view.matches.map((row) => row.matchId)).toEqual([22]);
    expect(view.selection?.bulk.map((button) => button.label)).toEqual(['Accept (1)', 'Reject (1)']);
  });
});

describe('matchReviewToast', () => {
  it('tells each outcome, success or danger', () => {
    expect(matchReviewToast({ type: 'review.action.done', action: 'reject', count: 3 })).toMatchObject({ message: '3 matches rejected.', variant: 'success' });
    expect(matchReviewToast({ type: 'review.action.done', action: 'link', count: 1 })).toMatchObject({ message: '1 match accepted.' });
    expect(matchReviewToast({ type: 'review.action.failed', action: 'unlink', message: 'Gone.' })).toMatchObject({ variant: 'danger' });
    expect(matchReviewToast({ type: 'review.action.failed', action: 'removeMember', message: 'Gone.' }).message).toContain('Gone.');
  });
});

describe('the selection rules (shared with the members list)', () => {
  it('toggles, inverts and adds a range in the rows order', () => {
    expect(toggledSelection([1, 2, 3], [3], 1)).toEqual([1, 3]);
    expect(toggledSelection([1, 2, 3], [1, 3], 1)).toEqual([3]);
    expect(invertedSelection([1, 2, 3], [2])).toEqual([1, 3]);
    expect(withRowsBetween([1, 2, 3, 4], [4], 3, 1)).toEqual([1, 2, 3, 4]);
  });
});
