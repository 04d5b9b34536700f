import { MemoryRouter } from 'react-router-dom';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ConnectionsSettings, type ConnectionsSettingsProps } from './ConnectionsSettings';
import { SettingsView } from './SettingsView';

const handlers = { onConnect: fn(), onRetry: fn(), onDisconnect: fn(), onConfirmDisconnect: fn(), onCancelDisconnect: fn() };

type Page = ConnectionsSettingsProps['page'];

const block = (page: Page, overrides: Partial<ConnectionsSettingsProps> = {}) => (
  <ConnectionsSettings
    key="connections"
    locked={false}
    purchasePath="/1402385749123001/purchase"
    connectionsPath="/1402385749123001/connections/stripe"
    accountName="Stripe"
    page={page}
    {...handlers}
    {...overrides}
  />
);

/** The settings page's 'Connections Settings' block, for a user with the connects_is_enabled flag (the other blocks' stories are generated from the settings workflow). */
const meta = {
  title: 'Settings/Settings page',
  component: SettingsView,
  decorators: [
    (Story) => (
      <MemoryRouter>
        <Story />
      </MemoryRouter>
    ),
  ],
  args: { blocks: [] },
} satisfies Meta<typeof SettingsView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ConnectionsLockedOnTheFreePlan: Story = {
  args: { blocks: [block({ kind: 'offer', offer: 'connect', connecting: false, failure: null }, { locked: true })] },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { name: 'Connections Settings' })).toBeVisible();
    await expect(page.getByText('Upgrade to PRO to unlock Connections!')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Upgrade to PRO' })).toHaveAttribute('href', '/1402385749123001/purchase');
  },
};

export const ConnectionsToConnect: Story = {
  args: { blocks: [block({ kind: 'offer', offer: 'connect', connecting: false, failure: null })] },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await userEvent.click(page.getByRole('button', { name: 'Connect with Stripe' }));
    await expect(handlers.onConnect).toHaveBeenCalled();
  },
};

export const ConnectionsOnboardingToContinue: Story = {
  args: { blocks: [block({ kind: 'offer', offer: 'continueOnboarding', connecting: false, failure: null })] },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('Please complete the stripe onboarding process.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue onboarding with Stripe' })).toBeEnabled();
  },
};

export const ConnectionsConnected: Story = {
  args: {
    blocks: [
      block(
        { kind: 'connected', matchProcesses: { kind: 'none' }, confirmingDisconnect: false, disconnecting: false, failure: null },
        { accountName: 'Trail Runners Worldwide LLC' },
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText(/Connected to/)).toHaveTextContent('Connected to Trail Runners Worldwide LLC.');
    await expect(page.getByRole('link', { name: 'Review the matches' })).toHaveAttribute('href', '/1402385749123001/connections/stripe');
    await userEvent.click(page.getByRole('button', { name: 'Disconnect' }));
    await expect(handlers.onDisconnect).toHaveBeenCalled();
  },
};

export const ConnectionsAskingToDisconnect: Story = {
  args: {
    blocks: [block({ kind: 'connected', matchProcesses: { kind: 'none' }, confirmingDisconnect: true, disconnecting: false, failure: null })],
  },
  play: async () => {
    const dialog = await within(document.body).findByRole('dialog', { name: 'Disconnect' });
    await expect(dialog).toHaveTextContent('Are you sure want to disconnect stripe account?');
  },
};
