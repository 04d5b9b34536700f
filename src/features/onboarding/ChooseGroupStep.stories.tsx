import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { bookClubGroup, hikingGroup, progressUpTo } from './fixtures';
import { OnboardingAt } from './OnboardingAt';

const meta = {
  title: 'Onboarding/3 Select Group',
  component: OnboardingAt,
  args: { send: fn(), value: { wizard: 'choose' }, context: { progress: progressUpTo.choose } },
} satisfies Meta<typeof OnboardingAt>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NothingChosen: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    const options = page.getAllByRole('radio');
    await expect(options.map((option) => option.getAttribute('id'))).toEqual([
      'onboarding-group-41',
      'onboarding-group-42',
      'onboarding-group-43',
    ]);
    await expect(page.getByRole('radio', { name: 'Weekend Hiking Crew' })).toBeEnabled();
    await expect(page.getByRole('radio', { name: 'Weekend Hiking Crew' })).toHaveAccessibleDescription('Subscriber · admin required');
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(page.getByRole('radio', { name: 'Riverside Book Club' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'group.choose', groupId: bookClubGroup.id });
  },
};

export const Chosen: Story = {
  args: { context: { progress: progressUpTo.ownership } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('radio', { name: 'Riverside Book Club' })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
  },
};

export const OnlySubscriber: Story = {
  args: { context: { progress: { ...progressUpTo.choose, groups: [hikingGroup] } } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('You are not an admin of any of these groups. Admin is required to connect a group.')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Weekend Hiking Crew' })).toBeEnabled();
  },
};

export const NoGroups: Story = {
  args: { context: { progress: { ...progressUpTo.choose, groups: [] } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/There is no group to choose from yet/)).toBeVisible();
  },
};
