import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PendingPage } from './PendingPage';

const meta = {
  title: 'Pending/PendingPage',
  component: PendingPage,
  args: { title: 'Dashboard' },
} satisfies Meta<typeof PendingPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NotBuiltYet: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('Nothing to show here yet.')).toBeVisible();
  },
};
