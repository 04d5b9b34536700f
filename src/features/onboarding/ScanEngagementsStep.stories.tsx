import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { bookClubGroup, progressUpTo } from './fixtures';
import { OnboardingAt } from './OnboardingAt';

const meta = {
  title: 'Onboarding/6 Scan Engagements',
  component: OnboardingAt,
  args: {
    send: fn(),
    value: { wizard: { engagements: 'scanning' } },
    context: {
      progress: progressUpTo.engagements,
      scanProgress: { command: 'fetch_group_posts', groupId: bookClubGroup.id, done: 4, total: 10 },
    },
  },
} satisfies Meta<typeof OnboardingAt>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Scanning: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('4 of 10 posts')).toBeVisible();
    await expect(page.getByText('Looks back by').nextElementSibling).toHaveTextContent('Posts');
    await expect(page.getByText('Posts back').nextElementSibling).toHaveTextContent('10');
    await expect(page.getByText('Reactions per post').nextElementSibling).toHaveTextContent('100');
    await expect(page.getByText('Comments per post').nextElementSibling).toHaveTextContent('50');
  },
};

export const Scanned: Story = {
  args: { value: { wizard: { engagements: 'scanned' } }, context: { progress: progressUpTo.complete } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('10 posts of Riverside Book Club scanned with their engagement.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
  },
};

export const Failed: Story = {
  args: {
    value: { wizard: { engagements: 'failed' } },
    context: { progress: progressUpTo.engagements, failure: { source: 'robot', code: 'aborted', message: 'Stopped.' } },
  },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('alert')).toHaveTextContent('The scan was stopped before it finished.');
    await userEvent.click(page.getByRole('button', { name: 'Try again' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'step.retry' });
  },
};
