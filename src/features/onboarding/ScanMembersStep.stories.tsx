import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { bookClubGroup, progressUpTo } from './fixtures';
import { OnboardingAt } from './OnboardingAt';

const meta = {
  title: 'Onboarding/5 Scan Members',
  component: OnboardingAt,
  args: {
    send: fn(),
    value: { wizard: { members: 'scanning' } },
    context: {
      progress: progressUpTo.members,
      scanProgress: { command: 'fetch_group_members', groupId: bookClubGroup.id, done: 512, total: 1284 },
    },
  },
} satisfies Meta<typeof OnboardingAt>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Scanning: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('512 of 1,284 members')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Scanning members' })).toHaveAttribute('aria-valuenow', '40');
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  },
};

export const CountingMembers: Story = {
  args: { context: { progress: progressUpTo.members, scanProgress: { command: 'fetch_group_members', groupId: bookClubGroup.id, done: 80, total: null } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('80 members so far')).toBeVisible();
  },
};

export const Scanned: Story = {
  args: { value: { wizard: { members: 'scanned' } }, context: { progress: progressUpTo.engagements } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('1,284 members of Riverside Book Club scanned.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
  },
};

export const Failed: Story = {
  args: {
    value: { wizard: { members: 'failed' } },
    context: { progress: progressUpTo.members, failure: { source: 'robot', code: 'outdated', message: 'Robot 2.1 is too old.' } },
  },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('alert')).toHaveTextContent('The xFilter extension is out of date.');
    await userEvent.click(page.getByRole('button', { name: 'Try again' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'step.retry' });
  },
};
