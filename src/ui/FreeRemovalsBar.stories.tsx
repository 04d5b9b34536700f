import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { FreeRemovalsBar } from './FreeRemovalsBar';

const meta = {
  title: 'UI/FreeRemovalsBar',
  component: FreeRemovalsBar,
  decorators: [
    (Story) => (
      <div style={{ width: '16rem', padding: '2rem' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof FreeRemovalsBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Plenty: Story = {
  args: { left: 37, limit: 50 },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('progressbar', { name: '37 of 50 free removals left' });
    await expect(bar).toHaveClass('free-removals-bar--success');
  },
};

export const RunningLow: Story = {
  args: { left: 12, limit: 50 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('progressbar')).toHaveClass('free-removals-bar--warning');
  },
};

export const AlmostSpent: Story = {
  args: { left: 4, limit: 50 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('progressbar')).toHaveClass('free-removals-bar--danger');
  },
};
