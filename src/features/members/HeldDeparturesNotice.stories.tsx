import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { departuresNoticeAt } from './heldDeparturesSnapshots';
import { HeldDeparturesNotice } from './HeldDeparturesNotice';

const meta = {
  title: 'Members/Held departures',
  component: HeldDeparturesNotice,
  args: { notice: departuresNoticeAt('held'), onConfirm: fn(), onKeep: fn() },
} satisfies Meta<typeof HeldDeparturesNotice>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Held: Story = {
  play: async ({ canvasElement, args }) => {
    const notice = within(canvasElement);
    await expect(notice.getByText(/did not see 19,789 members/)).toBeVisible();
    await expect(notice.getByText(/Abigail Baker, Adam Crust, Agnes Dough, Alan Levain and 19,785 members more/)).toBeVisible();
    await userEvent.click(notice.getByRole('button', { name: 'Confirm' }));
    await expect(args.onConfirm).toHaveBeenCalledOnce();
    await userEvent.click(notice.getByRole('button', { name: 'Keep' }));
    await expect(args.onKeep).toHaveBeenCalledOnce();
  },
};

export const Confirming: Story = {
  args: { notice: departuresNoticeAt('confirming') },
  play: async ({ canvasElement }) => {
    const notice = within(canvasElement);
    await expect(notice.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await expect(notice.getByRole('button', { name: 'Keep' })).toBeDisabled();
  },
};

export const Keeping: Story = {
  args: { notice: departuresNoticeAt('keeping') },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Keep' })).toBeDisabled();
  },
};

export const DecisionFailed: Story = {
  args: { notice: departuresNoticeAt('held', { failure: 'These departures are no longer held: a later scan replaced them, or they were decided' }) },
  play: async ({ canvasElement }) => {
    const notice = within(canvasElement);
    await expect(notice.getByRole('alert')).toHaveTextContent('no longer held');
    await expect(notice.getByRole('button', { name: 'Confirm' })).toBeEnabled();
  },
};
