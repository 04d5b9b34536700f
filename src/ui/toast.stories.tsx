import { useEffect } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { DEFAULT_TOAST_TITLE, useToast, type ToastRequest } from './toast';

function ShowsToastOnMount(toast: ToastRequest) {
  const showToast = useToast();
  useEffect(() => showToast(toast), [showToast, toast]);
  return null;
}

const meta = {
  title: 'UI/Toast',
  component: ShowsToastOnMount,
  play: async ({ args }) => {
    const toast = within(document.body);
    await expect(await toast.findByText(args.message)).toBeVisible();
    await expect(toast.getByText(args.title ?? DEFAULT_TOAST_TITLE)).toBeVisible();
  },
} satisfies Meta<typeof ShowsToastOnMount>;

export default meta;
type Story = StoryObj<typeof meta>;

export const InfoWithDefaultTitle: Story = {
  args: { message: 'Your groups are up to date.' },
};

export const Success: Story = {
  args: { title: 'Saved', message: 'The settings were saved.', variant: 'success' },
};

export const Warning: Story = {
  args: { title: 'Heads up', message: 'The extension is not installed.', variant: 'warning' },
};

export const Danger: Story = {
  args: { title: 'Uh oh! Error happens!', message: 'Group not found!', variant: 'danger' },
};
