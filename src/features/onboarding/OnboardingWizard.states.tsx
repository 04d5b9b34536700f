import { expect, fn, userEvent, within } from 'storybook/test';
import { defineStateView } from '../../../.storybook/machineStory';
import { bookClubGroup } from './fixtures';
import { onboardingStories } from './onboarding.paths';
import { OnboardingView } from './OnboardingView';

/** The wizard in each reachable state of the onboarding machine, its steps' child statecharts running on the fixtures. */
export const onboardingView = defineStateView({
  stories: onboardingStories,
  args: { send: fn() },
  render: (snapshot, { send }) => <OnboardingView snapshot={snapshot} send={send} />,
  plays: {
    CheckingRobot: async ({ canvasElement }) => {
      const page = within(canvasElement);
      await expect(page.getByRole('status')).toHaveTextContent('Checking the xFilter extension…');
      await expect(page.getByText('Getting ready…')).toBeVisible();
      await expect(page.queryByRole('button', { name: 'Next' })).toBeNull();
    },
    WizardExtensionShowingStatusNotInstalled: async ({ canvasElement, args }) => {
      const page = within(canvasElement);
      await expect(page.getByText('The xFilter extension is not installed in this browser.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
      await expect(page.queryByRole('button', { name: 'Back' })).toBeNull();
      await userEvent.click(page.getByRole('button', { name: 'Check again' }));
      await expect(args.send).toHaveBeenCalledWith({ type: 'extension.check' });
    },
    WizardExtensionChecking: async ({ canvasElement }) => {
      await expect(within(canvasElement).getByRole('button', { name: 'Checking…' })).toBeDisabled();
    },
    WizardExtensionShowingStatusInstalled: async ({ canvasElement, args }) => {
      const page = within(canvasElement);
      await expect(page.getByText('The xFilter extension is installed in this browser.')).toBeVisible();
      await expect(page.getByText('2.5.0')).toBeVisible();
      await expect(page.queryByRole('button', { name: 'Check again' })).toBeNull();
      await userEvent.click(page.getByRole('button', { name: 'Next' }));
      await expect(args.send).toHaveBeenCalledWith({ type: 'wizard.next' });
    },
    WizardExtensionShowingStatusOutOfDate: async ({ canvasElement }) => {
      const page = within(canvasElement);
      await expect(page.getByText(/installed but out of date/)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
    },
    WizardExtensionShowingStatusDisconnected: async ({ canvasElement }) => {
      const page = within(canvasElement);
      await expect(page.getByText(/not answering \(disconnected\)/)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Check again' })).toBeEnabled();
    },
    WizardGroupsScanning: async ({ canvasElement }) => {
      const page = within(canvasElement);
      await expect(page.getByText('The robot is looking for the groups you belong to…')).toBeVisible();
      await expect(page.getByText('0 groups so far')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    },
    WizardGroupsScanned: async ({ canvasElement, args }) => {
      const page = within(canvasElement);
      await expect(page.getByText('3 groups')).toBeVisible();
      const found = within(page.getByRole('list', { name: 'Groups found' }));
      await expect(found.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
        expect.stringContaining('Riverside Book Club'),
        expect.stringContaining('Indie Game Devs Meetup'),
        expect.stringContaining('Weekend Hiking Crew'),
      ]);
      await userEvent.click(page.getByRole('button', { name: 'Scan again' }));
      await expect(args.send).toHaveBeenCalledWith({ type: 'groups.rescan' });
      await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
    },
    WizardGroupsScannedNoneFound: async ({ canvasElement }) => {
      await expect(within(canvasElement).getByText(/The robot found no groups for your account/)).toBeVisible();
    },
    WizardChooseNothingChosen: async ({ canvasElement, args }) => {
      const page = within(canvasElement);
      const options = page.getAllByRole('radio');
      await expect(options.map((option) => option.getAttribute('id'))).toEqual(['onboarding-group-41', 'onboarding-group-42', 'onboarding-group-43']);
      await expect(page.getByRole('radio', { name: 'Weekend Hiking Crew' })).toBeEnabled();
      await expect(page.getByRole('radio', { name: 'Weekend Hiking Crew' })).toHaveAccessibleDescription('Subscriber · admin required');
      await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Back' })).toBeEnabled();
      await expect(page.getByRole('link', { name: 'Confirm Permissions' })).toHaveAttribute('aria-disabled', 'true');
      await userEvent.click(page.getByRole('radio', { name: 'Riverside Book Club' }));
      await expect(args.send).toHaveBeenCalledWith({ type: 'group.choose', groupId: bookClubGroup.id });
    },
    WizardChooseChosen: async ({ canvasElement }) => {
      const page = within(canvasElement);
      await expect(page.getByRole('radio', { name: 'Riverside Book Club' })).toBeChecked();
      await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
    },
    WizardChooseOnlySubscriberNothingChosen: async ({ canvasElement }) => {
      const page = within(canvasElement);
      await expect(page.getByText('You are not an admin of any of these groups. Admin is required to connect a group.')).toBeVisible();
      await expect(page.getByRole('radio', { name: 'Weekend Hiking Crew' })).toBeEnabled();
    },
    WizardChooseNoneFoundNothingChosen: async ({ canvasElement }) => {
      await expect(within(canvasElement).getByText(/There is no group to choose from yet/)).toBeVisible();
    },
    WizardOwnershipConfirming: async ({ canvasElement }) => {
      await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Checking who holds Riverside Book Club in xFilter…');
    },
    WizardOwnershipConfirmed: async ({ canvasElement }) => {
      await expect(within(canvasElement).getByText('Riverside Book Club is connected to your account.')).toBeVisible();
    },
    WizardMembersScanning: async ({ canvasElement }) => {
      const page = within(canvasElement);
      await expect(page.getByText('0 members so far')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    },
    WizardMembersScanned: async ({ canvasElement, args }) => {
      const page = within(canvasElement);
      await expect(page.getByText('1,284 members of Riverside Book Club scanned.')).toBeVisible();
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
    WizardEngagementsScanning: async ({ canvasElement }) => {
      const page = within(canvasElement);
      await expect(page.getByText('0 posts so far')).toBeVisible();
      await expect(page.getByText('Looks back by').nextElementSibling).toHaveTextContent('Posts');
      await expect(page.getByText('Posts back').nextElementSibling).toHaveTextContent('10');
      await expect(page.getByText('Reactions per post').nextElementSibling).toHaveTextContent('100');
      await expect(page.getByText('Comments per post').nextElementSibling).toHaveTextContent('50');
    },
    WizardEngagementsScanned: async ({ canvasElement }) => {
      const page = within(canvasElement);
      await expect(page.getByText('10 posts of Riverside Book Club scanned with their engagement.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
    },
    WizardCompleteSaving: async ({ canvasElement }) => {
      const page = within(canvasElement);
      await expect(page.getByRole('status')).toHaveTextContent('Saving your onboarding…');
      await expect(page.queryByRole('button', { name: 'Next' })).toBeNull();
    },
    WizardCompleteFailed: async ({ canvasElement, args }) => {
      const page = within(canvasElement);
      await expect(page.getByRole('alert')).toHaveTextContent('The xFilter server did not accept this: The server answered with HTTP 502.');
      await userEvent.click(page.getByRole('button', { name: 'Try again' }));
      await expect(args.send).toHaveBeenCalledWith({ type: 'step.retry' });
    },
    WizardCompleteSavedHoldingTheGroup: async ({ canvasElement, args }) => {
      const page = within(canvasElement);
      const summary = within(page.getByRole('list', { name: 'Summary' }));
      await expect(summary.getByText('1,284 members scanned')).toBeVisible();
      await expect(summary.getByText('10 recent posts scanned with their reactions and comments')).toBeVisible();
      await userEvent.click(page.getByRole('button', { name: 'Go to members' }));
      await expect(args.send).toHaveBeenCalledWith({ type: 'onboarding.finish' });
    },
    WizardCompleteSavedWithoutHoldingTheGroup: async ({ canvasElement, args }) => {
      const page = within(canvasElement);
      await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
      await userEvent.tab();
      await expect(page.getByRole('link', { name: 'Install Extension, done' })).toHaveFocus();
      await userEvent.keyboard('{ArrowRight}');
      await expect(page.getByRole('link', { name: 'Scan Groups, done' })).toHaveFocus();
      await userEvent.keyboard('{Enter}');
      await expect(args.send).toHaveBeenCalledWith({ type: 'wizard.open', step: 'groups' });
    },
  },
});
