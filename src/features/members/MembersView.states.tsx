import { expect, fn, userEvent, within } from 'storybook/test';
import { defineStateView } from '../../../.storybook/machineStory';
import { membersPageView } from '../../../machines/memberList/selectors';
import { memberListStories } from './memberList.paths';
import { MembersView } from './MembersView';

const removalDialog = () => within(document.body).getByRole('dialog', { name: 'Remove members' });

/**
 * The members page in each reachable state of the member-list machine, beside the app's robot as
 * the story left it. The payment columns show (the payment account is set up); the controls hide them.
 */
export const membersView = defineStateView({
  stories: memberListStories,
  args: {
    send: fn(),
    onSearchTyped: fn(),
    onListChosen: fn(),
    listHref: (list: string) => `/100200300/members/${list}`,
    onSortChanged: fn(),
    onPageChanged: fn(),
    showPayments: true,
    upgradeHref: '/100200300/purchase',
    onUpgrade: fn(),
  },
  render: (snapshot, { send, onSearchTyped, onListChosen, listHref, onSortChanged, onPageChanged, showPayments, upgradeHref, onUpgrade }) => {
    const view = membersPageView(snapshot, snapshot.context.robotRef.getSnapshot());
    return (
      <MembersView
        view={view}
        send={send}
        typedText={view.search}
        onSearchTyped={onSearchTyped}
        onListChosen={onListChosen}
        listHref={listHref}
        onSortChanged={onSortChanged}
        onPageChanged={onPageChanged}
        showPayments={showPayments}
        upgradeHref={upgradeHref}
        onUpgrade={onUpgrade}
      />
    );
  },
  plays: {
    Loading: async ({ canvasElement }) => {
      await expect(within(canvasElement).getByRole('button', { name: 'Remove Members' })).toHaveAttribute('aria-disabled', 'true');
    },
    Failed: async ({ canvasElement, args }) => {
      const page = within(canvasElement);
      await expect(page.getByRole('alert')).toHaveTextContent('The members could not be loaded: Server error');
      await userEvent.click(page.getByRole('button', { name: 'Try again' }));
      await expect(args.send).toHaveBeenCalledWith({ type: 'members.reload' });
    },
    ReadyBrowsing: async ({ canvasElement, args }) => {
      const page = within(canvasElement);
      await expect(page.getByText('Members engaged in the group.')).toBeVisible();
      await expect(page.getByText('Active (120)')).toBeVisible();
      await expect(page.getByText('2 of 10 free removals left')).toBeVisible();
      await expect(page.getByText(/no more than 100 members per day and 500 per week/)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Remove Members' })).toHaveAttribute('aria-disabled', 'true');
      await expect(page.queryByRole('button', { name: 'Move to Removed' })).toBeNull();
      await expect(page.getByTitle('Change items per page')).toBeVisible();
      await userEvent.click(page.getByRole('button', { name: 'Select all' }));
      await expect(args.send).toHaveBeenCalledWith({ type: 'members.select.all' });
      await userEvent.type(page.getByPlaceholderText('Type here to Search Member'), 'a');
      await expect(args.onSearchTyped).toHaveBeenCalledWith('a');
      await userEvent.click(page.getByRole('button', { name: 'Export CSV' }));
      await expect(args.send).toHaveBeenCalledWith({ type: 'members.export' });
      await userEvent.click(page.getByText('2 of 10 free removals left'));
      await expect(args.onUpgrade).toHaveBeenCalledOnce();
      await userEvent.click(page.getByText('Removed (5)'));
      await expect(args.onListChosen).toHaveBeenCalledWith('removed');
      await userEvent.click(page.getByRole('columnheader', { name: /Posts/ }));
      await expect(args.onSortChanged).toHaveBeenCalledWith('posts_count', 'asc');
    },
    NoMembersReadyBrowsing: async ({ canvasElement }) => {
      await expect(within(canvasElement).getByText(/No active members yet/)).toBeVisible();
    },
    SearchReadyBrowsing: async ({ canvasElement }) => {
      const page = within(canvasElement);
      await expect(page.getByText('Active (Found 3 of 120)')).toBeVisible();
      await expect(page.getByText('Inactive (Not found)')).toBeVisible();
    },
    InactiveReadyBrowsingSomeSelected: async ({ canvasElement, args }) => {
      const page = within(canvasElement);
      await expect(page.getByText('Members without any activity detected by scanning.')).toBeVisible();
      await expect(page.getByRole('checkbox', { name: 'Select Ada Baker' })).toBeChecked();
      await userEvent.click(page.getByRole('button', { name: 'Add to Whitelist' }));
      await expect(args.send).toHaveBeenCalledWith({ type: 'members.move', move: 'whitelist' });
      await expect(page.queryByRole('button', { name: 'Move to Removed' })).toBeNull();
      await userEvent.click(page.getByRole('button', { name: 'Remove Members' }));
      await expect(args.send).toHaveBeenCalledWith({ type: 'members.remove' });
    },
    InactiveReadyMovingSomeSelected: async ({ canvasElement }) => {
      await expect(within(canvasElement).getByRole('button', { name: 'Remove Members' })).toHaveAttribute('aria-disabled', 'true');
    },
    InactiveReadyBrowsingSomeSelectedAfterAFailure: async ({ canvasElement }) => {
      const page = within(canvasElement);
      await expect(page.getByText('A member is not in the source list')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Remove Members' })).toHaveAttribute('aria-disabled', 'false');
    },
    PaidGroupReadyBrowsingSomeSelected: async ({ canvasElement, args }) => {
      const page = within(canvasElement);
      await expect(page.getByText('2 removals left now')).toBeVisible();
      await expect(page.getByText('(92 today, 492 this week)')).toBeVisible();
      await userEvent.click(page.getByRole('button', { name: 'Move to Removed' }));
      await expect(args.send).toHaveBeenCalledWith({ type: 'members.move', move: 'remove' });
      await expect(page.getByRole('button', { name: 'Remove Members' })).toHaveAttribute('aria-disabled', 'false');
    },
    ExtensionNotInstalledReadyBrowsingSomeSelected: async ({ canvasElement }) => {
      const page = within(canvasElement);
      await expect(page.getByRole('button', { name: 'Remove Members' })).toHaveAttribute('aria-disabled', 'true');
      await expect(page.getByText('Extension is not installed')).toBeVisible();
    },
    ExtensionBusyReadyBrowsing: async ({ canvasElement }) => {
      await expect(within(canvasElement).getByText('The extension is busy with another job')).toBeVisible();
    },
    AllMembersReadyBrowsing: async ({ canvasElement }) => {
      const page = within(canvasElement);
      await expect(page.getByText('All members (167)')).toBeVisible();
      await expect(page.queryByRole('toolbar', { name: 'Member actions' })).toBeNull();
      await expect(page.queryByRole('checkbox', { name: 'Select Ada Baker' })).toBeNull();
    },
    ExportReadyBrowsingExporting: async ({ canvasElement }) => {
      await expect(within(canvasElement).getByRole('button', { name: /Exporting/ })).toBeDisabled();
    },
    DragReadyDraggingSomeSelected: async ({ canvasElement }) => {
      const page = within(canvasElement);
      await expect(page.getByRole('checkbox', { name: 'Select Ben Crumb' })).toBeChecked();
      await expect(page.getByRole('checkbox', { name: 'Select Cleo Dough' })).toBeChecked();
      await expect(page.getByRole('checkbox', { name: 'Select Ada Baker' })).not.toBeChecked();
    },
    WhitelistedReadyBrowsingSomeSelected: async ({ canvasElement }) => {
      const page = within(canvasElement);
      await expect(page.getByText('Add members here to prevent removal.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Remove from Whitelist' })).toHaveAttribute('aria-disabled', 'false');
    },
    RemovedOnAPaidGroupReadyBrowsingSomeSelected: async ({ canvasElement }) => {
      const page = within(canvasElement);
      await expect(page.getByText('Archive of removed members.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Move to Inactive' })).toHaveAttribute('aria-disabled', 'false');
      await expect(page.getByText('$45.00')).toBeVisible();
      await expect(page.getByText('Annual')).toBeVisible();
    },
    ReadyConfirmingRemovalSomeSelected: async ({ args }) => {
      const dialog = removalDialog();
      await expect(dialog).toHaveTextContent('no more than 100 members per day and 500 per week');
      await expect(dialog).toHaveTextContent('let all of them go now');
      await expect(within(dialog).getByRole('list', { name: 'Members to remove' })).toHaveTextContent('Ben Crumb');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Remove 2 members' }));
      await expect(args.send).toHaveBeenCalledWith({ type: 'members.removal.confirmed' });
    },
    PaidGroupReadyConfirmingRemovalSomeSelectedOverDays: async () => {
      await expect(removalDialog()).toHaveTextContent('let 1 go now; the whole selection is through in 2 days');
    },
    ReadyRemovingSomeSelected: async ({ canvasElement }) => {
      await expect(within(canvasElement).getByRole('button', { name: 'Remove Members' })).toHaveAccessibleDescription(/Removing Members\.\.\. Wait until it is done\./);
    },
    MoveToRemovedReadyConfirmingMoveSomeSelected: async ({ args }) => {
      const dialog = within(document.body).getByRole('dialog', { name: 'Move to Removed' });
      await expect(dialog).toHaveTextContent('Nobody is removed from the group');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Move 1 member to Removed' }));
      await expect(args.send).toHaveBeenCalledWith({ type: 'members.move.confirmed' });
    },
    InactiveReadyBrowsingMovedToast: async ({ canvasElement, args }) => {
      const toast = within(canvasElement.querySelector<HTMLElement>('.members-toast')!);
      await expect(toast.getByText('1 member added to the whitelist.')).toBeVisible();
      await userEvent.click(toast.getByRole('button', { name: 'Undo' }));
      await expect(args.send).toHaveBeenCalledWith({ type: 'members.undo' });
    },
    ReadyUpgradeRequiredHighlightedAllSelected: async ({ args }) => {
      const dialog = within(document.body).getByRole('dialog', { name: 'Free Trial Account Removals Limit' });
      await expect(dialog).toHaveTextContent('has 2 members remaining');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Upgrade to PRO' }));
      await expect(args.onUpgrade).toHaveBeenCalledOnce();
    },
    PaidGroupReadyRemovalsLimitReachedAllSelected: async ({ args }) => {
      const dialog = within(document.body).getByRole('dialog', { name: 'Removals limit reached' });
      await expect(dialog).toHaveTextContent('only 2 can be removed now');
      await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
      await expect(args.send).toHaveBeenCalledWith({ type: 'members.dialog.closed' });
    },
    SyncingMembersReadyBrowsingSomeSelected: async ({ canvasElement }) => {
      const page = within(canvasElement);
      await expect(page.getByRole('button', { name: 'Remove Members' })).toHaveAccessibleDescription(/Syncing Members\.\.\. Wait until it is done\./);
      await expect(page.getByRole('button', { name: 'Remove Members' })).toHaveAttribute('aria-disabled', 'true');
    },
    SyncingEngagementsReadyBrowsing: async ({ canvasElement }) => {
      await expect(within(canvasElement).getByRole('button', { name: 'Remove Members' })).toHaveAttribute('aria-disabled', 'true');
    },
  },
});
