import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { BannedPage } from './BannedPage';

const meta = {
  title: 'Auth/BannedPage',
  component: BannedPage,
  args: { supportEmail: 'support@xfilter.app', loggingOut: false, onLogout: fn() },
} satisfies Meta<typeof BannedPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Banned: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByText('Your account has been flagged for policy violations.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'support@xfilter.app' })).toHaveAttribute('href', 'mailto:support@xfilter.app');
    await userEvent.click(page.getByRole('button', { name: 'Logout' }));
    await expect(args.onLogout).toHaveBeenCalledOnce();
  },
};

export const LoggingOut: Story = {
  args: { loggingOut: true },
};
