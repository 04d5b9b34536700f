import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { MembersView } from './MembersView';
import { MEMBERS_QUERY as storyQuery, PREVIEW_OF_TWO as storyPreview, PREVIEW_OVER_DAYS, THREE_MEMBERS as storyPage } from './fixtures';
import { memberListStory } from './storySnapshots';

const browsing = { list: { ready: 'browsing' } };

const meta = {
  title: 'Members/Members page',
  component: MembersView,
  args: {
    ...memberListStory(browsing),
    send: fn(),
    typedText: '',
    onSearchTyped: fn(),
    onListChosen: fn(),
    onSortChanged: fn(),
    onPageChanged: fn(),
    showPayments: false,
    exporting: false,
    onExport: fn(),
    upgradeHref: '/100200300/purchase',
    onUpgrade: fn(),
  },
} satisfies Meta<typeof MembersView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { ...memberListStory({ list: 'loading' }, { page: null }) },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('button', { name: 'Remove Members' })).toBeDisabled();
  },
};

export const LoadFailed: Story = {
  args: { ...memberListStory({ list: 'failed' }, { page: null, failure: 'Server error' }) },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('alert')).toHaveTextContent('The members could not be loaded: Server error');
    await userEvent.click(page.getByRole('button', { name: 'Try again' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'members.reload' });
  },
};

export const ActiveMembersOnFreeGroup: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByText('Members engaged in the group.')).toBeVisible();
    await expect(page.getByText('Active (120)')).toBeVisible();
    await expect(page.getByText('2 of 10 free removals left')).toBeVisible();
    await expect(page.getByText(/no more than 100 members a day and 500 a week/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove Members' })).toBeDisabled();
    await expect(page.queryByRole('button', { name: 'Move to Removed' })).toBeNull();
    await expect(page.getByTitle('Change items per page')).toBeVisible();
    await userEvent.click(page.getByRole('button', { name: 'Select all' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'members.select.all' });
    await userEvent.type(page.getByPlaceholderText('Type here to Search Member'), 'a');
    await expect(args.onSearchTyped).toHaveBeenCalledWith('a');
    await userEvent.click(page.getByRole('button', { name: 'Export CSV' }));
    await expect(args.onExport).toHaveBeenCalledOnce();
    await userEvent.click(page.getByText('2 of 10 free removals left'));
    await expect(args.onUpgrade).toHaveBeenCalledOnce();
    await userEvent.click(page.getByText('Removed (5)'));
    await expect(args.onListChosen).toHaveBeenCalledWith('removed');
    await userEvent.click(page.getByRole('columnheader', { name: /Posts/ }));
    await expect(args.onSortChanged).toHaveBeenCalledWith('posts_count', 'asc');
  },
};

export const Empty: Story = {
  args: { ...memberListStory(browsing, { page: { ...storyPage, members: [], count: 0 } }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/No active members yet/)).toBeVisible();
  },
};

export const SearchFound: Story = {
  args: { ...memberListStory(browsing, { query: { ...storyQuery, search: 'a' } }), typedText: 'a' },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('Active (Found 3 of 120)')).toBeVisible();
    await expect(page.getByText('Inactive (Not found)')).toBeVisible();
  },
};

export const SelectionOnInactive: Story = {
  args: { ...memberListStory(browsing, { query: { ...storyQuery, list: 'inactive' }, selection: [1, 2] }) },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByText('Members without any activity detected by scanning.')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Select Ada Baker' })).toBeChecked();
    await userEvent.click(page.getByRole('button', { name: 'Add to Whitelist' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'members.move', move: 'whitelist' });
    await expect(page.queryByRole('button', { name: 'Move to Removed' })).toBeNull();
    await userEvent.click(page.getByRole('button', { name: 'Remove Members' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'members.remove' });
  },
};

export const SelectionOnPaidActive: Story = {
  args: { ...memberListStory(browsing, { isPaid: true, selection: [1] }) },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByText('2 removals left now (92 today, 492 this week)')).toBeVisible();
    await userEvent.click(page.getByRole('button', { name: 'Move to Removed' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'members.move', move: 'remove' });
    await expect(page.getByRole('button', { name: 'Remove Members' })).toBeEnabled();
  },
};

export const ExtensionNotInstalled: Story = {
  args: { ...memberListStory(browsing, { selection: [1], robot: 'notInstalled' }) },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('button', { name: 'Remove Members' })).toBeDisabled();
    await expect(page.getByText('Extension is not installed')).toBeVisible();
  },
};

export const ExtensionBusy: Story = {
  args: { ...memberListStory(browsing, { selection: [1], robot: 'busy' }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('The extension is busy with another job')).toBeVisible();
  },
};

export const AllMembers: Story = {
  args: { ...memberListStory(browsing, { query: { ...storyQuery, list: 'all_members' } }) },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('All members (167)')).toBeVisible();
    await expect(page.queryByRole('toolbar', { name: 'Member actions' })).toBeNull();
    await expect(page.queryByRole('checkbox', { name: 'Select Ada Baker' })).toBeNull();
  },
};

export const Exporting: Story = {
  args: { exporting: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: /Exporting/ })).toBeDisabled();
  },
};

export const Dragging: Story = {
  args: { ...memberListStory({ list: { ready: 'dragging' } }, { selection: [2, 3], dragFrom: 2, dragBase: [] }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('checkbox', { name: 'Select Cleo Dough' })).toBeChecked();
  },
};

export const Whitelisted: Story = {
  args: { ...memberListStory(browsing, { query: { ...storyQuery, list: 'whitelisted' }, selection: [1] }) },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('Add members here to prevent removal.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove from Whitelist' })).toBeEnabled();
  },
};

export const RemovedOnPaidGroupWithPayments: Story = {
  args: {
    ...memberListStory(browsing, { isPaid: true, query: { ...storyQuery, list: 'removed' }, selection: [3] }),
    showPayments: true,
  },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('Archive of removed members.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Move to Inactive' })).toBeEnabled();
    await expect(page.getByText('$45.00')).toBeVisible();
    await expect(page.getByText('Annual')).toBeVisible();
  },
};

export const Moving: Story = {
  args: { ...memberListStory({ list: { ready: 'moving' } }, { query: { ...storyQuery, list: 'inactive' }, selection: [1] }) },
};

export const MoveFailed: Story = {
  args: { ...memberListStory(browsing, { failure: 'A member is not in the source list' }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('A member is not in the source list')).toBeVisible();
  },
};

export const RemovalFailed: Story = {
  args: { ...memberListStory(browsing, { selection: [1, 2], failure: 'The removal limits do not allow 2 more removals today.' }) },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('The removal limits do not allow 2 more removals today.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove Members' })).toBeEnabled();
  },
};

export const PreviewingRemoval: Story = {
  args: { ...memberListStory({ list: { ready: 'previewingRemoval' } }, { selection: [1, 2] }) },
};

export const ConfirmingRemoval: Story = {
  args: { ...memberListStory({ list: { ready: 'confirmingRemoval' } }, { selection: [1, 2], preview: storyPreview }) },
  play: async ({ args }) => {
    const dialog = within(document.body).getByRole('dialog', { name: 'Remove members' });
    await expect(dialog).toHaveTextContent('no more than 100 members a day and 500 a week');
    await expect(dialog).toHaveTextContent('let all of them go now');
    await expect(within(dialog).getByRole('list', { name: 'Members to remove' })).toHaveTextContent('Ben Crumb');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove 2 members' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'members.removal.confirmed' });
  },
};

export const ConfirmingRemovalOverDays: Story = {
  args: { ...memberListStory({ list: { ready: 'confirmingRemoval' } }, { selection: [1, 2], preview: PREVIEW_OVER_DAYS }) },
  play: async () => {
    const dialog = within(document.body).getByRole('dialog', { name: 'Remove members' });
    await expect(dialog).toHaveTextContent('let 1 go now; the whole selection is through in 2 days');
  },
};

export const Removing: Story = {
  args: {
    ...memberListStory(
      { list: { ready: 'removing' } },
      { selection: [1, 2], preview: storyPreview, robot: 'remove_group_members' },
    ),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Removing Members...');
  },
};

export const UpgradeRequired: Story = {
  args: { ...memberListStory({ list: { ready: { upgradeRequired: 'highlighted' } } }, { selection: [1, 2, 3] }) },
  play: async ({ args }) => {
    const dialog = within(document.body).getByRole('dialog', { name: 'Free Trial Account Removals Limit' });
    await expect(dialog).toHaveTextContent('has 2 members remaining');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upgrade to PRO' }));
    await expect(args.onUpgrade).toHaveBeenCalledOnce();
  },
};

export const UpgradeRequiredBetweenBlinks: Story = {
  args: { ...memberListStory({ list: { ready: { upgradeRequired: 'plain' } } }, { selection: [1, 2, 3] }) },
};

export const RemovalsLimitReached: Story = {
  args: {
    ...memberListStory({ list: { ready: 'removalsLimitReached' } }, { isPaid: true, selection: [1, 2, 3] }),
  },
  play: async ({ args }) => {
    const dialog = within(document.body).getByRole('dialog', { name: 'Removals limit reached' });
    await expect(dialog).toHaveTextContent('only 2 can be removed now');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'members.dialog.closed' });
  },
};

export const SyncingMembers: Story = {
  args: { ...memberListStory({ list: { ready: 'browsing' } }, { robot: 'fetch_group_members', selection: [1] }) },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('status')).toHaveTextContent('Syncing Members...');
    await expect(page.getByRole('button', { name: 'Remove Members' })).toBeDisabled();
  },
};

export const SyncingEngagements: Story = {
  args: { ...memberListStory({ list: { ready: 'browsing' } }, { robot: 'fetch_group_posts' }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Syncing Engagements...');
  },
};
