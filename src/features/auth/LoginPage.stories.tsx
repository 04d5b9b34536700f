import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { LoginPage } from './LoginPage';

const meta = {
  title: 'Auth/LoginPage',
  component: LoginPage,
  args: {
    loginDisabled: false,
    termsAccepted: false,
    canSignIn: false,
    signingIn: false,
    failed: false,
    onTermsChange: fn(),
    onSignIn: fn(),
  },
} satisfies Meta<typeof LoginPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('button', { name: 'Sign in with Facebook' })).toBeDisabled();
    await userEvent.click(page.getByLabelText(/I accept the terms/));
    await expect(args.onTermsChange).toHaveBeenCalledWith(true);
  },
};

export const TermsTicked: Story = {
  args: { termsAccepted: true, canSignIn: true },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await userEvent.click(page.getByRole('button', { name: 'Sign in with Facebook' }));
    await expect(args.onSignIn).toHaveBeenCalledOnce();
  },
};

export const ComingSoon: Story = {
  args: { loginDisabled: true },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('Coming soon!')).toBeVisible();
    await expect(page.queryByRole('button', { name: 'Sign in with Facebook' })).toBeNull();
  },
};

export const LoginError: Story = {
  args: { termsAccepted: true, canSignIn: true, failed: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Signing in with Facebook did not work. Please try again.')).toBeVisible();
  },
};

export const SigningIn: Story = {
  args: { termsAccepted: true, canSignIn: false, signingIn: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Sign in with Facebook' })).toBeDisabled();
  },
};
