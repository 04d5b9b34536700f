import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { progressUpTo } from './fixtures';
import { OnboardingAt } from './OnboardingAt';

const meta = {
  title: 'Onboarding/2 Scan Groups',
  component: OnboardingAt,
  args: { send: fn(), value: { wizard: { groups: 'scanning' } }, context: { progress: progressUpTo.groups } },
} satisfies Meta<typeof OnboardingAt>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Starting: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('The robot is looking for the groups you belong to…')).toBeVisible();
    await expect(page.getByText('0 groups so far')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  },
};

export const Scanning: Story = {
  args: {
    context: { progress: progressUpTo.groups, scanProgress: { command: 'fetch_user_groups', groupId: null, done: 3, total: 4 } },
  },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('3 of 4 groups')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Scanning groups' })).toHaveAttribute('aria-valuenow', '75');
  },
};

export const Found: Story = {
  args: { value: { wizard: { groups: 'scanned' } }, context: { progress: progressUpTo.choose } },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByText('3 groups')).toBeVisible();
    const found = within(page.getByRole('list', { name: 'Groups found' }));
    await expect(found.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('Riverside Book Club'),
      expect.stringContaining('Indie Game Devs Meetup'),
      expect.stringContaining('Weekend Hiking Crew'),
    ]);
    await userEvent.click(page.getByRole('button', { name: 'Scan again' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'groups.rescan' });
    await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
  },
};

export const NoneFound: Story = {
  args: { value: { wizard: { groups: 'scanned' } }, context: { progress: { ...progressUpTo.groups, groups: [] } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/The robot found no groups for your account/)).toBeVisible();
  },
};

export const RobotNotInstalled: Story = {
  args: {
    value: { wizard: { groups: 'failed' } },
    context: { progress: progressUpTo.groups, failure: { source: 'robot', code: 'not_installed', message: 'No extension answered.' } },
  },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('alert')).toHaveTextContent('The xFilter extension is not installed in this browser.');
    await userEvent.click(page.getByRole('button', { name: 'Try again' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'step.retry' });
  },
};

export const RobotDisconnected: Story = {
  args: {
    value: { wizard: { groups: 'failed' } },
    context: { progress: progressUpTo.groups, failure: { source: 'robot', code: 'disconnected', message: 'The lab disconnected the robot.' } },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('stopped answering (disconnected)');
  },
};

export const RobotFailed: Story = {
  args: {
    value: { wizard: { groups: 'failed' } },
    context: { progress: progressUpTo.groups, failure: { source: 'robot', code: 'failed', message: 'The groups page did not load.' } },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'The robot could not finish this scan. The groups page did not load.',
    );
  },
};
