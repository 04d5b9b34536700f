import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { NO_PROGRESS } from '../../../machines/onboarding/steps';
import { installedRobot, missingRobot, progressUpTo } from './fixtures';
import { OnboardingAt } from './OnboardingAt';

const missing = { ...NO_PROGRESS, robot: missingRobot };

const meta = {
  title: 'Onboarding/1 Install Extension',
  component: OnboardingAt,
  args: { send: fn(), value: { wizard: { extension: 'showingStatus' } }, context: { progress: missing } },
} satisfies Meta<typeof OnboardingAt>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NotInstalled: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByText('The xFilter extension is not installed in this browser.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect(page.queryByRole('button', { name: 'Back' })).toBeNull();
    await userEvent.click(page.getByRole('button', { name: 'Check again' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'extension.check' });
  },
};

export const Checking: Story = {
  args: { value: { wizard: { extension: 'checking' } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Checking…' })).toBeDisabled();
  },
};

export const Installed: Story = {
  args: { context: { progress: progressUpTo.groups } },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByText('The xFilter extension is installed in this browser.')).toBeVisible();
    await expect(page.getByText('2.5.0')).toBeVisible();
    await expect(page.queryByRole('button', { name: 'Check again' })).toBeNull();
    await userEvent.click(page.getByRole('button', { name: 'Next' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'wizard.next' });
  },
};

export const OutOfDate: Story = {
  args: { context: { progress: { ...progressUpTo.groups, robot: { ...installedRobot, presence: 'outdated' } } } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText(/installed but out of date/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
  },
};

export const Disconnected: Story = {
  args: { context: { progress: { ...NO_PROGRESS, robot: { ...missingRobot, presence: 'disconnected' } } } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText(/not answering \(disconnected\)/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Check again' })).toBeEnabled();
  },
};
