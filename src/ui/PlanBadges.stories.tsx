import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PlanBadges } from './PlanBadges';

const meta = {
  title: 'UI/PlanBadges',
  component: PlanBadges,
  parameters: { layout: 'centered' },
  args: { group: { subscribed_plan: 'free', is_locked: false, is_orphaned: false } },
} satisfies Meta<typeof PlanBadges>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Free: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('FREE')).toBeVisible();
  },
};

export const Monthly: Story = { args: { group: { subscribed_plan: 'monthly', is_locked: false, is_orphaned: false } } };

export const Annual: Story = { args: { group: { subscribed_plan: 'annual', is_locked: false, is_orphaned: false } } };

export const Lifetime: Story = {
  args: { group: { subscribed_plan: 'once', is_locked: false, is_orphaned: false } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Lifetime')).toBeVisible();
  },
};

export const LockedAndOrphaned: Story = {
  args: { group: { subscribed_plan: 'monthly', is_locked: true, is_orphaned: true } },
  play: async ({ canvasElement }) => {
    const badges = within(canvasElement);
    await expect(badges.getByText('LOCKED').closest('.p-tag')).toHaveClass('p-tag-warning');
    await expect(badges.getByText('ORPHANED').closest('.p-tag')).toHaveClass('p-tag-warning');
  },
};
