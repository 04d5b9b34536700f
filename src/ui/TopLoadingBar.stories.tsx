import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { TopLoadingBar } from './TopLoadingBar';

const meta = {
  title: 'UI/TopLoadingBar',
  component: TopLoadingBar,
} satisfies Meta<typeof TopLoadingBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { active: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('progressbar', { name: 'Loading the page' })).toBeVisible();
  },
};

export const Idle: Story = {
  args: { active: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('progressbar')).toBeNull();
  },
};
