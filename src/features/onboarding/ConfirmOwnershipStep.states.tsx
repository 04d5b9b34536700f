import { expect, fn, userEvent, within } from 'storybook/test';
import { defineStateView } from '../../../.storybook/machineStory';
import { ownershipView } from '../../../machines/confirmOwnership/selectors';
import { confirmOwnershipStories } from './confirmOwnership.paths';
import { ConfirmOwnershipStep } from './ConfirmOwnershipStep';
import { bookClubGroup } from './fixtures';

/** Confirm Permissions in each reachable state of the confirm-ownership machine, as the wizard shows it. */
export const confirmOwnershipView = defineStateView({
  stories: confirmOwnershipStories,
  args: { onAcquire: fn(), onRecheck: fn(), onRetry: fn() },
  render: (snapshot, { onAcquire, onRecheck, onRetry }) => (
    <main>
      <ConfirmOwnershipStep group={bookClubGroup} view={ownershipView(snapshot)} onAcquire={onAcquire} onRecheck={onRecheck} onRetry={onRetry} />
    </main>
  ),
  plays: {
    Checking: async ({ canvasElement }) => {
      const page = within(canvasElement);
      await expect(page.getByRole('status')).toHaveTextContent('Checking who holds Riverside Book Club in xFilter…');
      await expect(page.queryByRole('button')).toBeNull();
    },
    ScanningAdmins: async ({ canvasElement }) => {
      await expect(within(canvasElement).getByRole('status')).toHaveTextContent('The robot is reading the admins of Riverside Book Club…');
    },
    ApiAdmin: async ({ canvasElement }) => {
      await expect(within(canvasElement).getByText('You already hold admin rights for Riverside Book Club in xFilter.')).toBeVisible();
    },
    AdminsToContact: async ({ canvasElement, args }) => {
      const page = within(canvasElement);
      await expect(page.getByText('Riverside Book Club is already connected to xFilter by another admin.')).toBeVisible();
      await expect(within(page.getByRole('list', { name: 'Admins to contact' })).getByText('Otto Owner')).toBeVisible();
      await userEvent.click(page.getByRole('button', { name: 'Check again' }));
      await expect(args.onRecheck).toHaveBeenCalledOnce();
    },
    IsAdmin: async ({ canvasElement, args }) => {
      await userEvent.click(within(canvasElement).getByRole('button', { name: 'Yes, this is my group' }));
      await expect(args.onAcquire).toHaveBeenCalledOnce();
    },
    Acquiring: async ({ canvasElement }) => {
      await expect(within(canvasElement).getByRole('button', { name: 'Yes, this is my group' })).toBeDisabled();
    },
    Acquired: async ({ canvasElement }) => {
      await expect(within(canvasElement).getByText('Riverside Book Club is connected to your account.')).toBeVisible();
    },
    NotAdminAsSubscriber: async ({ canvasElement, args }) => {
      const page = within(canvasElement);
      await expect(page.getByText('Your role in Riverside Book Club is Subscriber. Admin is required to connect a group.')).toBeVisible();
      await userEvent.click(page.getByRole('button', { name: 'Check again' }));
      await expect(args.onRecheck).toHaveBeenCalledOnce();
    },
    NotAdminNotFoundAmongAdmins: async ({ canvasElement }) => {
      await expect(
        within(canvasElement).getByText('Your role in Riverside Book Club is not an admin. Admin is required to connect a group.'),
      ).toBeVisible();
    },
    FailedOnTheServer: async ({ canvasElement, args }) => {
      const page = within(canvasElement);
      await expect(page.getByRole('alert')).toHaveTextContent('The xFilter server did not accept this: The server answered with HTTP 502.');
      await userEvent.click(page.getByRole('button', { name: 'Try again' }));
      await expect(args.onRetry).toHaveBeenCalledOnce();
    },
    FailedInTheRobot: async ({ canvasElement }) => {
      await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('stopped answering (disconnected)');
    },
  },
});
