import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { JobStatusNotice } from './JobStatusNotice';

const meta = {
  title: 'App/Shell/JobStatusNotice',
  component: JobStatusNotice,
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '56rem', padding: '2rem' }}>
        <Story />
      </div>
    ),
  ],
  parameters: { layout: 'padded' },
} satisfies Meta<typeof JobStatusNotice>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SyncingMembers: Story = {
  args: { job: { name: 'fetch_group_members', done: 7_500, total: 20_000 } },
  play: async ({ canvasElement }) => {
    const notice = within(canvasElement).getByRole('status', { name: 'Syncing Members...' });
    await expect(notice).toHaveTextContent('7,500 of 20,000 members');
    await expect(within(notice).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '38');
  },
};

export const SyncingMembersBeforeTheTotalIsKnown: Story = {
  args: { job: { name: 'fetch_group_members', done: 0, total: null } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Syncing Members...' })).toHaveTextContent('0 members so far');
  },
};

export const SyncingEngagements: Story = {
  args: { job: { name: 'fetch_group_posts', done: 4, total: 10 } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Syncing Engagements...' })).toHaveTextContent('4 of 10 posts');
  },
};

export const SyncingEngagementsByDays: Story = {
  args: { job: { name: 'fetch_group_posts', done: 120, total: null } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Syncing Engagements...' })).toHaveTextContent('120 posts so far');
  },
};

export const RemovingMembers: Story = {
  args: { job: { name: 'remove_group_members', done: 25, total: 60 } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Removing Members...' })).toHaveTextContent('25 of 60 members');
  },
};

export const NoJobRunning: Story = {
  args: { job: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('status')).toBeNull();
  },
};
