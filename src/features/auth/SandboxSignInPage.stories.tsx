import { MemoryRouter } from 'react-router-dom';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { SandboxAccount } from '../../identity/sandboxAccounts';
import { SandboxSignInPage } from './SandboxSignInPage';

const accounts: SandboxAccount[] = [
  {
    id: 'ada',
    name: 'Ada Admin',
    description: 'Group admin with four connected groups: one free, one monthly, one annual with over 20,000 members, one locked.',
    role: 'group_admin',
  },
  { id: 'sam', name: 'Sam Supervisor', description: 'Staff: sees the supervisor area and the lab.', role: 'supervisor' },
  { id: 'bella', name: 'Bella Banned', description: 'Banned user: sees only the banned page.', role: 'banned' },
  { id: 'nora', name: 'Nora Newcomer', description: 'New user who has not finished onboarding.', role: 'new_user' },
];

const meta = {
  title: 'Auth/SandboxSignInPage',
  component: SandboxSignInPage,
  decorators: [
    (Story) => (
      <MemoryRouter>
        <Story />
      </MemoryRouter>
    ),
  ],
  args: { accounts: { state: 'loading' }, signingInAs: null, signInFailure: null, onChoose: fn(), onRetry: fn() },
} satisfies Meta<typeof SandboxSignInPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading the sandbox accounts' })).toBeVisible();
  },
};

export const Accounts: Story = {
  args: { accounts: { state: 'loaded', accounts } },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /Ada Admin/ }));
    await expect(args.onChoose).toHaveBeenCalledWith('ada');
  },
};

export const SigningInAsAccount: Story = {
  args: { accounts: { state: 'loaded', accounts }, signingInAs: 'sam' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: /Sam Supervisor/ })).toBeDisabled();
  },
};

export const AccountSignInFailed: Story = {
  args: {
    accounts: { state: 'loaded', accounts },
    signInFailure: 'Signing in as this account did not work. The server did not answer.',
  },
};

export const Error: Story = {
  args: { accounts: { state: 'failed', reason: 'The server answered with HTTP 502.' } },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByText(/The sandbox accounts could not be loaded/)).toBeVisible();
    await userEvent.click(page.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};
