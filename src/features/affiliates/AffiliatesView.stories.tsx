import { MemoryRouter } from 'react-router-dom';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { AffiliatesView } from './AffiliatesView';

/** The page's lock is the user's groups', not its workflow's: a user without paid groups sees it blocked. */
const meta = {
  title: 'Affiliates/Affiliates page locked',
  component: AffiliatesView,
  decorators: [
    (Story) => (
      <MemoryRouter>
        <Story />
      </MemoryRouter>
    ),
  ],
  args: {
    page: { kind: 'joining', box: { askEmail: true, email: '', emailError: null, canEnable: false, enabling: false, failure: null } },
    locked: true,
    purchasePath: '/1402385749123001/purchase',
    onEmailChange: fn(),
    onEnable: fn(),
    onRetry: fn(),
    onShare: fn(),
  },
} satisfies Meta<typeof AffiliatesView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithoutPaidGroups: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { name: 'Not available on Free plan' })).toBeVisible();
    await expect(page.getByText('Upgrade to PRO to unlock this feature!')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Upgrade to PRO' })).toHaveAttribute('href', '/1402385749123001/purchase');
  },
};
