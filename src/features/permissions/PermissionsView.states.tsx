import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { defineStateView } from '../../../.storybook/machineStory';
import { permissionsPageOf } from '../../../machines/permissions/selectors';
import { permissionsStories } from './permissions.paths';
import { PermissionsView } from './PermissionsView';

const dialog = async () => within(await within(document.body).findByRole('dialog'));

/** The permissions page in each reachable state of its workflow. */
export const permissionsView = defineStateView({
  stories: permissionsStories,
  args: {
    onSearch: fn(),
    onRoleChange: fn(),
    onPageChange: fn(),
    onRetry: fn(),
    onRevoke: fn(),
    onConfirmRevoke: fn(),
    onCancelRevoke: fn(),
    onOpenAddAdmin: fn(),
    onChoose: fn(),
    onClear: fn(),
    onOk: fn(),
    onBack: fn(),
    onGrant: fn(),
    onCancelAddAdmin: fn(),
  },
  render: (snapshot, args) => (
    <main>
      <PermissionsView
        page={permissionsPageOf(snapshot)}
        purchasePath="/1000000000000003/purchase"
        suggestions={[]}
        onSearch={args.onSearch}
        onRoleChange={args.onRoleChange}
        onPageChange={args.onPageChange}
        onRetry={args.onRetry}
        onRevoke={args.onRevoke}
        onConfirmRevoke={args.onConfirmRevoke}
        onCancelRevoke={args.onCancelRevoke}
        onOpenAddAdmin={args.onOpenAddAdmin}
        onChoose={args.onChoose}
        onClear={args.onClear}
        onOk={args.onOk}
        onBack={args.onBack}
        onGrant={args.onGrant}
        onCancelAddAdmin={args.onCancelAddAdmin}
      />
    </main>
  ),
  plays: {
    LoadFailed: async ({ canvasElement, args }) => {
      const page = within(canvasElement);
      await expect(page.getByText('The permissions could not be loaded. The server did not answer.')).toBeVisible();
      await userEvent.click(page.getByRole('button', { name: 'Try again' }));
      await expect(args.onRetry).toHaveBeenCalledOnce();
    },
    Showing: async ({ canvasElement, args }) => {
      const page = within(canvasElement);
      await expect(page.getAllByRole('button', { name: /^Revoke / })).toHaveLength(1);
      await userEvent.click(page.getByRole('button', { name: 'Revoke Bea Granted' }));
      await expect(args.onRevoke).toHaveBeenCalledOnce();
      await userEvent.click(page.getByRole('button', { name: 'Add Admin' }));
      await expect(args.onOpenAddAdmin).toHaveBeenCalledOnce();
    },
    ShowingEmpty: async ({ canvasElement }) => {
      await expect(within(canvasElement).getByText('No members to show.')).toBeVisible();
    },
    AddingAdminChoosing: async () => {
      const modal = await dialog();
      // The dialog fades in; its title is visible once the fade has run.
      await waitFor(() => expect(modal.getByText('Add New Admin to Vintage Film Camera Swap')).toBeVisible());
      await expect(modal.getByRole('button', { name: 'Ok' })).toBeDisabled();
    },
    AddingAdminChosen: async () => {
      await expect((await dialog()).getByRole('button', { name: 'Ok' })).toBeEnabled();
    },
    AddingAdminConfirming: async ({ args }) => {
      await userEvent.click((await dialog()).getByRole('button', { name: 'Grant admin permission to Cal Subscriber' }));
      await expect(args.onGrant).toHaveBeenCalledOnce();
    },
  },
});
