import { MemoryRouter } from 'react-router-dom';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { LockedOverlay } from './LockedOverlay';

function SampleSettings() {
  return (
    <form style={{ display: 'grid', gap: '1rem', maxWidth: '32rem', padding: '1.5rem', background: '#fff', borderRadius: 12 }}>
      <h1 style={{ margin: 0, fontSize: '1.4rem' }}>Schedule xFilter Tasks</h1>
      <p style={{ margin: 0, color: '#4b5563' }}>Let the robot scan members and engagements on a schedule.</p>
      <label>
        <input type="checkbox" defaultChecked /> Scan members every night
      </label>
      <label>
        <input type="checkbox" /> Scan engagements every week
      </label>
      <button type="button" className="p-button p-component" style={{ justifySelf: 'start' }}>
        Save schedule
      </button>
    </form>
  );
}

const meta = {
  title: 'UI/LockedOverlay',
  component: LockedOverlay,
  decorators: [
    (Story) => (
      <MemoryRouter>
        <div style={{ padding: '2rem', background: '#f6f8f7', minHeight: '100vh' }}>
          <Story />
        </div>
      </MemoryRouter>
    ),
  ],
  args: { lock: 'groupLocked', purchasePath: '/1402385749123001/purchase', children: <SampleSettings /> },
} satisfies Meta<typeof LockedOverlay>;

export default meta;
type Story = StoryObj<typeof meta>;

export const GroupLocked: Story = {
  play: async ({ canvasElement }) => {
    const overlay = within(canvasElement);
    await expect(overlay.getByRole('heading', { name: 'Account is locked' })).toBeVisible();
    await expect(overlay.getByRole('link', { name: 'Subscribe to unlock' })).toHaveAttribute('href', '/1402385749123001/purchase');
    const blocked = overlay.getByRole('button', { name: 'Save schedule' });
    await expect(blocked.closest('[inert]')).not.toBeNull();
    blocked.focus();
    await expect(blocked).not.toHaveFocus();
  },
};

export const FreePlan: Story = {
  args: { lock: 'freePlan' },
  play: async ({ canvasElement }) => {
    const overlay = within(canvasElement);
    await expect(overlay.getByRole('heading', { name: 'Not available on Free plan' })).toBeVisible();
    await expect(overlay.getByText('Upgrade to PRO to unlock this feature!')).toBeVisible();
  },
};

export const FreePlanWithOwnMessage: Story = {
  args: { lock: 'freePlan', message: 'Upgrade to PRO to unlock Connections!' },
};

export const Unlocked: Story = {
  args: { lock: null },
  play: async ({ canvasElement }) => {
    const content = within(canvasElement);
    await expect(content.getByRole('button', { name: 'Save schedule' })).toBeVisible();
    await expect(content.getByRole('button', { name: 'Save schedule' }).closest('[inert]')).toBeNull();
    await expect(content.queryByRole('heading', { name: 'Account is locked' })).toBeNull();
  },
};
