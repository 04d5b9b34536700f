import { expect, fn, userEvent, within } from 'storybook/test';
import { defineStateView } from '../../../.storybook/machineStory';
import { matchReviewView } from '../../../machines/matchReview/selectors';
import { matchReviewStories } from './matchReview.paths';
import { MatchReviewView } from './MatchReviewView';

const dialog = () => within(document.body).getByRole('dialog');

/** The review in each reachable state of the match-review machine; the member picker suggests no one. */
export const matchReviewStateView = defineStateView({
  stories: matchReviewStories,
  args: { send: fn(), onMemberSearch: fn() },
  render: (snapshot, { send, onMemberSearch }) => (
    <main>
      <MatchReviewView view={matchReviewView(snapshot)} send={send} memberSuggestions={[]} onMemberSearch={onMemberSearch} />
    </main>
  ),
  plays: {
    ReadyBrowsing: async ({ canvasElement, args }) => {
      const page = within(canvasElement);
      await expect(page.getByRole('heading', { name: 'Stripe Customers' })).toBeVisible();
      await expect(page.getByRole('tab', { name: /Requires Attention/ })).toHaveTextContent('4');
      await expect(page.getByText('$297.00')).toBeVisible();
      await expect(page.getByTitle('Change items per page')).toBeVisible();
      await userEvent.click(page.getByRole('button', { name: 'Remove Ada Lovelace from the customer' }));
      await expect(args.send).toHaveBeenCalledWith({ type: 'review.member.remove', customerId: 'cus_ada' });
      await userEvent.click(page.getByRole('tab', { name: /Matched/ }));
      await expect(args.send).toHaveBeenCalledWith({ type: 'review.tab.changed', list: 'matched' });
    },
    ReadyConfirmingMemberRemoval: async () => {
      await expect(dialog()).toHaveTextContent('Are you sure want to remove member?');
    },
    ApprovedReadyBrowsing: async ({ canvasElement }) => {
      const page = within(canvasElement);
      await expect(page.getByRole('heading', { name: 'Matched Stripe Customers with Facebook Group Members' })).toBeVisible();
      await expect(page.queryByRole('columnheader', { name: /Similarity/ })).toBeNull();
      await expect(page.getByRole('button', { name: 'Unlink Ada Lovelace and Ada Lovelace' })).toBeEnabled();
    },
    RequiresAttentionReadyBrowsing: async ({ canvasElement, args }) => {
      const page = within(canvasElement);
      await expect(page.getByRole('heading', { name: 'Match Suggestions' })).toBeVisible();
      await expect(page.getByText('name 92% similar')).toBeVisible();
      await userEvent.click(page.getByRole('button', { name: 'Reject Tom Hardy and cus_tom@example.com' }));
      await expect(args.send).toHaveBeenCalledWith({ type: 'review.row.action', action: 'reject', matchId: 14 });
    },
    RequiresAttentionReadyAwaitingUndoCountingLink: async ({ canvasElement, args }) => {
      const page = within(canvasElement);
      await expect(page.getByRole('status')).toHaveTextContent('Linking Jane Baker and Janet B. in 3 s');
      await userEvent.click(page.getByRole('button', { name: 'Undo' }));
      await expect(args.send).toHaveBeenCalledWith({ type: 'review.undo' });
    },
    RequiresAttentionReadyAwaitingUndoCountingReject: async ({ canvasElement }) => {
      await expect(within(canvasElement).queryByText('Tom Hardy')).toBeNull();
    },
    RequiresAttentionReadyBrowsingAllSelected: async ({ canvasElement, args }) => {
      const page = within(canvasElement);
      await expect(page.getByText('4 selected')).toBeVisible();
      await userEvent.click(page.getByRole('button', { name: 'Accept (4)' }));
      await expect(args.send).toHaveBeenCalledWith({ type: 'review.bulk.action', action: 'link' });
    },
    RequiresAttentionReadyApprovingAllSelectedLink: async () => {
      const approval = dialog();
      await expect(approval).toHaveTextContent('Match Approval Required');
      await expect(approval).toHaveTextContent('Less than 100% probability');
      await expect(approval).toHaveTextContent("The crossed out customers won't be linked, due to duplicate FB member or stripe customer");
      await expect(approval.querySelectorAll('s')).toHaveLength(2);
    },
    MatchedReadyConfirmingBulkSomeSelectedReject: async () => {
      await expect(dialog()).toHaveTextContent('Are you sure want to reject 1 matches?');
    },
  },
});
