import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { defineStateView } from '../../../.storybook/machineStory';
import { labViewOf } from '../../../machines/lab/selectors';
import { labStories } from './lab.paths';
import { LabView } from './LabView';

const NO_SUGGESTIONS = { user: [], group: [], membership: [] };

const lab = async () => {
  const dialog = within(await within(document.body).findByRole('dialog', { name: 'Lab' }));
  // The dialog fades in; its title is visible once the fade has run.
  await waitFor(() => expect(dialog.getByText('Group', { selector: 'h3' })).toBeVisible());
  return dialog;
};

/** The lab modal in each reachable state of its workflow. */
export const labView = defineStateView({
  stories: labStories,
  args: {
    onSearch: fn(),
    onFind: fn(),
    onRun: fn(),
    onConfirm: fn(),
    onCancel: fn(),
    onHide: fn(),
  },
  render: (snapshot, args) => (
    <main>
      <LabView
        visible
        view={labViewOf(snapshot)}
        suggestions={NO_SUGGESTIONS}
        onSearch={args.onSearch}
        onFind={args.onFind}
        onRun={args.onRun}
        onConfirm={args.onConfirm}
        onCancel={args.onCancel}
        onHide={args.onHide}
      />
    </main>
  ),
  plays: {
    ReadyIdle: async () => {
      const dialog = await lab();
      await expect(dialog.getByText('No group found yet.')).toBeVisible();
      await expect(dialog.getByText('Find a group first: a membership is looked for in it.')).toBeVisible();
    },
    FindingGroup: async () => {
      const dialog = await lab();
      await expect(dialog.getByRole('progressbar', { name: 'Lab call' })).not.toHaveAttribute('aria-valuenow');
      for (const button of dialog.getAllByRole('button', { name: /^Truncate/ })) await expect(button).toBeDisabled();
    },
    ReadyFound: async ({ args }) => {
      const dialog = await lab();
      await expect(dialog.getByText('Found Vintage Film Camera Swap.')).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'true');
      await userEvent.click(dialog.getByRole('button', { name: '7 days' }));
      await expect(args.onRun).toHaveBeenCalledWith({ name: 'fake_metrics', settings: { days: 7, reverse: false } });
    },
    ReadyFailed: async () => {
      const dialog = await lab();
      await expect(dialog.getByRole('status')).toHaveTextContent('Not found');
      await expect(dialog.getByRole('progressbar', { name: 'Lab call' })).toHaveClass('lab__bar--failed');
    },
    Confirming: async ({ args }) => {
      const question = within(await within(document.body).findByRole('dialog', { name: 'Truncate all groups' }));
      await waitFor(() =>
        expect(question.getByText('Are you sure want to truncate all groups? Every group is deleted, with its memberships, posts, logs and payment data.')).toBeVisible(),
      );
      await userEvent.click(question.getByRole('button', { name: 'Cancel' }));
      await expect(args.onCancel).toHaveBeenCalledOnce();
    },
    ReadyDoneWithEveryRecord: async ({ args }) => {
      const dialog = await lab();
      await expect(dialog.getByRole('status')).toHaveTextContent('Una Tester is banned.');
      await userEvent.click(dialog.getByRole('button', { name: 'Unban' }));
      await expect(args.onRun).toHaveBeenCalledWith({ name: 'update_user', settings: { is_banned: false } });
    },
  },
});
