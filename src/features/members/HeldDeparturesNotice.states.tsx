import { expect, fn, userEvent, within } from 'storybook/test';
import { defineStateView } from '../../../.storybook/machineStory';
import { departuresNoticeOf } from '../../../machines/heldDepartures/selectors';
import { heldDeparturesStories } from './heldDepartures.paths';
import { HeldDeparturesNotice } from './HeldDeparturesNotice';

/** The held-departures notice in each reachable state of its machine, as the members page shows it. */
export const heldDeparturesView = defineStateView({
  stories: heldDeparturesStories,
  args: { onConfirm: fn(), onKeep: fn() },
  render: (snapshot, { onConfirm, onKeep }) => {
    const notice = departuresNoticeOf(snapshot);
    return notice && <HeldDeparturesNotice notice={notice} onConfirm={onConfirm} onKeep={onKeep} />;
  },
  plays: {
    Checking: async ({ canvasElement }) => {
      await expect(within(canvasElement).queryByRole('region', { name: 'Members scan held' })).toBeNull();
    },
    None: async ({ canvasElement }) => {
      await expect(within(canvasElement).queryByRole('region', { name: 'Members scan held' })).toBeNull();
    },
    Held: async ({ canvasElement, args }) => {
      const notice = within(canvasElement);
      await expect(notice.getByText(/did not see 19,789 members/)).toBeVisible();
      await expect(notice.getByText(/Abigail Baker, Adam Crust, Agnes Dough, Alan Levain and 19,785 members more/)).toBeVisible();
      await expect(notice.queryByRole('alert')).toBeNull();
      await userEvent.click(notice.getByRole('button', { name: 'Confirm' }));
      await expect(args.onConfirm).toHaveBeenCalledOnce();
      await userEvent.click(notice.getByRole('button', { name: 'Keep' }));
      await expect(args.onKeep).toHaveBeenCalledOnce();
    },
    Confirming: async ({ canvasElement }) => {
      const notice = within(canvasElement);
      await expect(notice.getByRole('button', { name: 'Confirm' })).toBeDisabled();
      await expect(notice.getByRole('button', { name: 'Keep' })).toBeDisabled();
    },
    Keeping: async ({ canvasElement }) => {
      const notice = within(canvasElement);
      await expect(notice.getByRole('button', { name: 'Confirm' })).toBeDisabled();
      await expect(notice.getByRole('button', { name: 'Keep' })).toBeDisabled();
    },
    HeldAfterAFailedDecision: async ({ canvasElement }) => {
      const notice = within(canvasElement);
      await expect(notice.getByRole('alert')).toHaveTextContent('no longer held');
      await expect(notice.getByRole('button', { name: 'Confirm' })).toBeEnabled();
      await expect(notice.getByRole('button', { name: 'Keep' })).toBeEnabled();
    },
  },
});
