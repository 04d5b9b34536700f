import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { everyStepDone, progressUpTo } from './fixtures';
import { OnboardingAt } from './OnboardingAt';

const meta = {
  title: 'Onboarding/Wizard',
  component: OnboardingAt,
  args: { send: fn(), value: 'checkingRobot' },
} satisfies Meta<typeof OnboardingAt>;

export default meta;
type Story = StoryObj<typeof meta>;

export const CheckingTheRobot: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('status')).toHaveTextContent('Checking the xFilter extension…');
    await expect(page.getByText('Getting ready…')).toBeVisible();
    await expect(page.queryByRole('button', { name: 'Next' })).toBeNull();
  },
};

export const StepsOpenUpToTheFirstIncompleteOne: Story = {
  args: { value: { wizard: { members: 'scanned' } }, context: { progress: { ...progressUpTo.ownership, ownership: 'acquired', membersScan: { members: 1284 } } } },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByText('Step 5 of 7: Scan Members')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Scan Members, done' })).toHaveAttribute('aria-current', 'step');
    await expect(page.getByRole('link', { name: 'Scan Engagements' })).not.toHaveAttribute('aria-disabled');
    await expect(page.getByRole('link', { name: 'Onboarding Complete' })).toHaveAttribute('aria-disabled', 'true');

    await userEvent.click(page.getByRole('link', { name: 'Select Group, done' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'wizard.open', step: 'choose' });
    await userEvent.click(page.getByRole('button', { name: 'Next' }));
    await expect(args.send).toHaveBeenLastCalledWith({ type: 'wizard.next' });
    await userEvent.click(page.getByRole('button', { name: 'Back' }));
    await expect(args.send).toHaveBeenLastCalledWith({ type: 'wizard.back' });
  },
};

export const KeyboardOpensAStep: Story = {
  args: { value: { wizard: { complete: 'saved' } }, context: { progress: everyStepDone } },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await userEvent.tab();
    await expect(page.getByRole('link', { name: 'Install Extension, done' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(page.getByRole('link', { name: 'Scan Groups, done' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.send).toHaveBeenCalledWith({ type: 'wizard.open', step: 'groups' });
  },
};

export const NextWaitsForTheStep: Story = {
  args: { value: { wizard: 'choose' }, context: { progress: progressUpTo.choose } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Back' })).toBeEnabled();
    await expect(page.getByRole('link', { name: 'Confirm Permissions' })).toHaveAttribute('aria-disabled', 'true');
  },
};
