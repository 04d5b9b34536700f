import { MemoryRouter } from 'react-router-dom';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AccountView } from './AccountView';
import { cancellationRequestPath } from './cancellationRequest';

const meta = {
  title: 'Account/Account page',
  component: AccountView,
  decorators: [
    (Story) => (
      <MemoryRouter>
        <div style={{ padding: '2rem', background: '#f6f8f7', minHeight: '100vh' }}>
          <Story />
        </div>
      </MemoryRouter>
    ),
  ],
  args: {
    profile: {
      name: 'Ada Admin',
      email: 'ada@example.com',
      socialId: '100004455667788',
      profileUrl: 'https://www.facebook.com/ada.admin',
    },
    affiliate: { kind: 'joined', balance: '$89.10' },
    card: { brand: 'visa', last4: '4242' },
    cancellationPath: cancellationRequestPath(),
  },
} satisfies Meta<typeof AccountView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AffiliateWithACard: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('100004455667788')).toBeVisible();
    await expect(page.getByLabelText('Commission balance')).toHaveTextContent('$89.10');
    await expect(page.getByText('visa ending in 4242')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Update payment' })).toHaveAttribute('href', '/change_card');
    await expect(page.getByRole('link', { name: 'Cancel a subscription' }).getAttribute('href')).toMatch(/^\/support\?subject=Cancel\+my\+subscription&message=/);
  },
};

export const LoadingTheBalance: Story = {
  args: { affiliate: { kind: 'loading' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading your commission balance…');
  },
};

export const NotJoinedWithoutACardOrEmail: Story = {
  args: {
    profile: { name: 'Nora Newcomer', email: null, socialId: '100009988776655', profileUrl: 'https://www.facebook.com/100009988776655' },
    affiliate: { kind: 'notJoined' },
    card: null,
  },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('No card saved')).toBeVisible();
    await expect(page.getByText('Not set')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Join the affiliate program' })).toHaveAttribute('href', '/affiliates');
  },
};

export const BalanceNotLoaded: Story = {
  args: { affiliate: { kind: 'failed' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Your commission balance could not be loaded.');
  },
};

export const ProgrammeOff: Story = {
  args: { affiliate: { kind: 'off' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('heading', { name: 'Affiliate program' })).toBeNull();
  },
};
