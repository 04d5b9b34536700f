import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { everyStepDone, progressUpTo } from './fixtures';
import { OnboardingAt } from './OnboardingAt';

const meta = {
  title: 'Onboarding/7 Onboarding Complete',
  component: OnboardingAt,
  args: { send: fn(), value: { wizard: { complete: 'saving' } }, context: { progress: progressUpTo.complete } },
} satisfies Meta<typeof OnboardingAt>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Saving: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('status')).toHaveTextContent('Saving your onboarding…');
    await expect(page.queryByRole('button', { name: 'Next' })).toBeNull();
  },
};

export const Done: Story = {
  args: { value: { wizard: { complete: 'saved' } }, context: { progress: everyStepDone } },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    const summary = within(page.getByRole('list', { name: 'Summary' }));
    await expect(summary.getByText('1,284 members scanned')).toBeVisible();
    await expect(summary.getByText('10 recent posts scanned with their reactions and comments')).toBeVisible();
    await userEvent.click(page.getByRole('button', { name: 'Go to members' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'onboarding.finish' });
  },
};

export const DoneWithoutHoldingTheGroup: Story = {
  args: {
    value: { wizard: { complete: 'saved' } },
    context: { progress: { ...everyStepDone, completion: { ...everyStepDone.completion!, isApiAdmin: false } } },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Continue' })).toBeVisible();
  },
};

export const SavingFailed: Story = {
  args: {
    value: { wizard: { complete: 'failed' } },
    context: { progress: progressUpTo.complete, failure: { source: 'server', message: 'The server did not answer.' } },
  },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('alert')).toHaveTextContent('The xFilter server did not accept this: The server did not answer.');
    await userEvent.click(page.getByRole('button', { name: 'Try again' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'step.retry' });
  },
};
