import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ottoAdmin, permissionFixture } from './fixtures';
import { OwnershipAt } from './OwnershipAt';

const meta = {
  title: 'Onboarding/4 Confirm Permissions',
  component: OwnershipAt,
  args: { value: 'checking', onAcquire: fn(), onRecheck: fn(), onRetry: fn() },
} satisfies Meta<typeof OwnershipAt>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Checking: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('status')).toHaveTextContent('Checking who holds Riverside Book Club in xFilter…');
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  },
};

export const ScanningAdmins: Story = {
  args: { value: 'scanningAdmins' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('The robot is reading the admins of Riverside Book Club…');
  },
};

export const AlreadyApiAdmin: Story = {
  args: { value: 'apiAdmin' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('You already hold admin rights for Riverside Book Club in xFilter.')).toBeVisible();
  },
};

export const AdminsToContact: Story = {
  args: {
    value: 'adminsToContact',
    context: { permission: permissionFixture({ is_acquired: true, role: null, admins: [ottoAdmin] }) },
  },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByText('Riverside Book Club is already connected to xFilter by another admin.')).toBeVisible();
    await expect(within(page.getByRole('list', { name: 'Admins to contact' })).getByText('Otto Owner')).toBeVisible();
    await userEvent.click(page.getByRole('button', { name: 'Check again' }));
    await expect(args.onRecheck).toHaveBeenCalledOnce();
  },
};

export const IsAdmin: Story = {
  args: { value: 'isAdmin', context: { permission: permissionFixture() } },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await userEvent.click(page.getByRole('button', { name: 'Yes, this is my group' }));
    await expect(args.onAcquire).toHaveBeenCalledOnce();
  },
};

export const Acquiring: Story = {
  args: { value: 'acquiring', context: { permission: permissionFixture() } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Yes, this is my group' })).toBeDisabled();
  },
};

export const Acquired: Story = {
  args: { value: 'acquired' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Riverside Book Club is connected to your account.')).toBeVisible();
  },
};

export const NotAdmin: Story = {
  args: { value: 'notAdmin', context: { permission: permissionFixture({ role: 'subscriber' }) } },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByText('Your role in Riverside Book Club is Subscriber. Admin is required to connect a group.')).toBeVisible();
    await userEvent.click(page.getByRole('button', { name: 'Check again' }));
    await expect(args.onRecheck).toHaveBeenCalledOnce();
  },
};

export const NotFoundAmongAdmins: Story = {
  args: { value: 'notAdmin', context: { permission: permissionFixture({ role: null }) } },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('Your role in Riverside Book Club is not an admin. Admin is required to connect a group.'),
    ).toBeVisible();
  },
};

export const ServerFailed: Story = {
  args: { value: 'failed', context: { failure: { source: 'server', message: 'The server answered with HTTP 502.' } } },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('alert')).toHaveTextContent('The xFilter server did not accept this: The server answered with HTTP 502.');
    await userEvent.click(page.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const RobotDisconnected: Story = {
  args: { value: 'failed', context: { failure: { source: 'robot', code: 'disconnected', message: 'No answer.' } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('stopped answering (disconnected)');
  },
};
