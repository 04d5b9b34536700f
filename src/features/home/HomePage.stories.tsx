import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { HomePage } from './HomePage';

const meta = {
  title: 'Home/HomePage',
  component: HomePage,
  args: { runningVersion: '0.1.0', onRetry: fn() },
} satisfies Meta<typeof HomePage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { status: { state: 'loading' } },
};

export const ReadyInSandboxMode: Story = {
  args: { status: { state: 'ready', status: { appVersion: '0.1.0', robotVersion: '2.4.0', sandbox: true } } },
};

export const ReadyLive: Story = {
  args: { status: { state: 'ready', status: { appVersion: '0.1.0', robotVersion: '2.4.0', sandbox: false } } },
};

export const ServerUnavailable: Story = {
  args: { status: { state: 'failed', reason: 'It answered with HTTP 502.' } },
};

export const RetryingAfterFailure: Story = {
  args: { status: { state: 'failed', reason: 'It did not answer.' }, retrying: true },
};
