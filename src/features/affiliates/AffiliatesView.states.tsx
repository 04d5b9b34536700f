import { expect, fn, userEvent, within } from 'storybook/test';
import { defineStateView } from '../../../.storybook/machineStory';
import { affiliatesPageOf } from '../../../machines/affiliates/selectors';
import { affiliatesStories } from './affiliates.paths';
import { AffiliatesView } from './AffiliatesView';
import { AFFILIATE, INVALID_EMAIL, NEW_EMAIL } from './fixtures';

const emailBox = (canvas: HTMLElement) => within(canvas).queryByLabelText('Your email');
const enableButton = (canvas: HTMLElement) => within(canvas).getByRole('button', { name: /Enabl/ });

/** The Affiliates page in each reachable state of its workflow, for a user with a paid group. */
export const affiliatesView = defineStateView({
  stories: affiliatesStories,
  args: { onEmailChange: fn(), onEnable: fn(), onRetry: fn(), onShare: fn() },
  render: (snapshot, { onEmailChange, onEnable, onRetry, onShare }) => (
    <AffiliatesView
      page={affiliatesPageOf(snapshot)}
      locked={false}
      purchasePath="/"
      onEmailChange={onEmailChange}
      onEnable={onEnable}
      onRetry={onRetry}
      onShare={onShare}
    />
  ),
  plays: {
    Loading: async ({ canvasElement }) => {
      await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading your affiliate account…');
    },
    LoadFailed: async ({ canvasElement, args }) => {
      const page = within(canvasElement);
      await expect(page.getByRole('alert')).toHaveTextContent('Your affiliate account could not be loaded. The server did not answer.');
      await userEvent.click(page.getByRole('button', { name: 'Try again' }));
      await expect(args.onRetry).toHaveBeenCalledOnce();
    },
    Joining: async ({ canvasElement, args }) => {
      await expect(emailBox(canvasElement)).toHaveValue('');
      await expect(enableButton(canvasElement)).toBeDisabled();
      await userEvent.type(emailBox(canvasElement)!, 'n');
      await expect(args.onEmailChange).toHaveBeenCalledWith('n');
    },
    JoiningWithAnInvalidEmail: async ({ canvasElement }) => {
      await expect(emailBox(canvasElement)).toHaveValue(INVALID_EMAIL);
      await expect(within(canvasElement).getByText('Please Enter Valid Email')).toBeVisible();
      await expect(enableButton(canvasElement)).toBeDisabled();
    },
    JoiningWithAValidEmail: async ({ canvasElement, args }) => {
      await expect(emailBox(canvasElement)).toHaveValue(NEW_EMAIL);
      await expect(within(canvasElement).queryByText('Please Enter Valid Email')).toBeNull();
      await userEvent.click(enableButton(canvasElement));
      await expect(args.onEnable).toHaveBeenCalledOnce();
    },
    UserWithEmailJoining: async ({ canvasElement }) => {
      await expect(emailBox(canvasElement)).toBeNull();
      await expect(enableButton(canvasElement)).toBeEnabled();
    },
    EnablingWithAValidEmail: async ({ canvasElement }) => {
      await expect(enableButton(canvasElement)).toBeDisabled();
      await expect(emailBox(canvasElement)).toBeDisabled();
    },
    JoiningWithAValidEmailAfterAFailure: async ({ canvasElement }) => {
      await expect(within(canvasElement).getByText('Affiliate features are locked unless you have a paid group')).toBeVisible();
      await expect(enableButton(canvasElement)).toBeEnabled();
    },
    Enabled: async ({ canvasElement, args }) => {
      const page = within(canvasElement);
      await expect(page.getByLabelText('Referral link')).toHaveValue(AFFILIATE.link);
      await expect(page.getByRole('region', { name: 'Commission balance' })).toHaveTextContent('$89.10');
      await expect(page.getByText(AFFILIATE.login)).toBeVisible();
      const password = page.getByLabelText('Dashboard password');
      await expect(password).toHaveAttribute('type', 'password');
      await userEvent.click(page.getByRole('button', { name: 'Show the password' }));
      await expect(password).toHaveAttribute('type', 'text');
      await userEvent.click(page.getByRole('button', { name: 'Hide the password' }));
      await expect(password).toHaveAttribute('type', 'password');
      await userEvent.click(page.getByRole('button', { name: 'Share' }));
      await expect(args.onShare).toHaveBeenCalledWith(AFFILIATE.link);
    },
  },
});
