import { expect, fn, userEvent, within } from 'storybook/test';
import { defineStateView } from '../../../.storybook/machineStory';
import { accountTitleOf, paymentAccountPageOf } from '../../../machines/paymentAccount/selectors';
import { paymentAccountStories } from './paymentAccount.paths';
import { ConnectionsView } from './ConnectionsView';
import { COMPANY_NAME, FIXTURE_NOW } from './fixtures';

const heading = (canvas: HTMLElement) => within(canvas).getByRole('heading', { level: 1 });
const connectButton = (canvas: HTMLElement) => within(canvas).getByRole('button', { name: /Stripe/ });

/** The connections page in each reachable state of the account's workflow, with a stand-in for the review block. */
export const connectionsView = defineStateView({
  stories: paymentAccountStories,
  args: { onConnect: fn(), onRetry: fn(), onDisconnect: fn(), onConfirmDisconnect: fn(), onCancelDisconnect: fn() },
  render: (snapshot, { onConnect, onRetry, onDisconnect, onConfirmDisconnect, onCancelDisconnect }) => (
    <main>
      <ConnectionsView
        title={accountTitleOf(snapshot)}
        page={paymentAccountPageOf(snapshot)}
        now={FIXTURE_NOW}
        review={<section aria-label="Review of the matches" />}
        onConnect={onConnect}
        onRetry={onRetry}
        onDisconnect={onDisconnect}
        onConfirmDisconnect={onConfirmDisconnect}
        onCancelDisconnect={onCancelDisconnect}
      />
    </main>
  ),
  plays: {
    Loading: async ({ canvasElement }) => {
      await expect(heading(canvasElement)).toHaveTextContent('Connections: Stripe');
      await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading the Stripe account…');
      await expect(canvasElement.querySelector('svg')).not.toBeNull();
    },
    LoadFailed: async ({ canvasElement, args }) => {
      const page = within(canvasElement);
      await expect(page.getByRole('alert')).toHaveTextContent('The Stripe account could not be loaded. The server did not answer.');
      await userEvent.click(page.getByRole('button', { name: 'Try again' }));
      await expect(args.onRetry).toHaveBeenCalledOnce();
    },
    OfferingConnect: async ({ canvasElement, args }) => {
      const page = within(canvasElement);
      await expect(page.getByText(/matches the group members to the Stripe customers/)).toBeVisible();
      await expect(page.queryByText('Please complete the stripe onboarding process.')).toBeNull();
      await expect(connectButton(canvasElement)).toHaveTextContent('Connect with Stripe');
      await userEvent.click(connectButton(canvasElement));
      await expect(args.onConnect).toHaveBeenCalledOnce();
    },
    OfferingOnboarding: async ({ canvasElement }) => {
      await expect(within(canvasElement).getByText('Please complete the stripe onboarding process.')).toBeVisible();
      await expect(connectButton(canvasElement)).toHaveTextContent('Continue onboarding with Stripe');
    },
    OfferingConnectAfterAFailure: async ({ canvasElement }) => {
      await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('The payment provider did not answer.');
      await expect(connectButton(canvasElement)).toBeEnabled();
    },
    Connecting: async ({ canvasElement }) => {
      await expect(connectButton(canvasElement)).toBeDisabled();
    },
    Closed: async ({ canvasElement }) => {
      await expect(within(canvasElement).getByText(/Connections are closed to this group/)).toHaveTextContent('Connections need a paid plan.');
      await expect(within(canvasElement).queryByRole('button')).toBeNull();
    },
    ConnectedWaitingToPollDataLoading: async ({ canvasElement }) => {
      const page = within(canvasElement);
      await expect(heading(canvasElement)).toHaveTextContent(`Connections: ${COMPANY_NAME}`);
      await expect(page.getByText('Data loading, Please Refresh...')).toBeVisible();
      await expect(page.queryByText('Active Match Processes')).toBeNull();
      await expect(page.getByRole('region', { name: 'Review of the matches' })).toBeInTheDocument();
    },
    ConnectedWaitingToPollActiveMatchProcesses: async ({ canvasElement }) => {
      const list = within(within(canvasElement).getByRole('list', { name: 'Active Match Processes' }));
      const rows = list.getAllByRole('listitem');
      await expect(rows).toHaveLength(2);
      await expect(rows[0]).toHaveTextContent('Running');
      await expect(rows[0]).toHaveTextContent('1 hour ago');
      await expect(within(rows[0]).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
      await expect(rows[1]).toHaveTextContent('Pending');
      await expect(rows[1]).not.toHaveTextContent('ago');
      await expect(list.queryByText('Completed')).toBeNull();
    },
    ConnectedWatchingMatchProcessesDone: async ({ canvasElement, args }) => {
      const page = within(canvasElement);
      await expect(page.queryByText('Active Match Processes')).toBeNull();
      await expect(page.queryByText('Data loading, Please Refresh...')).toBeNull();
      await userEvent.click(page.getByRole('button', { name: 'Disconnect' }));
      await expect(args.onDisconnect).toHaveBeenCalledOnce();
    },
    ConnectedConfirmingDisconnectMatchProcessesDone: async ({ args }) => {
      const shown = await within(document.body).findByRole('dialog', { name: 'Disconnect' });
      await expect(shown).toHaveTextContent('Are you sure want to disconnect stripe account?');
      const dialog = within(shown);
      await userEvent.click(dialog.getByRole('button', { name: 'Disconnect' }));
      await expect(args.onConfirmDisconnect).toHaveBeenCalledOnce();
      await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
      await expect(args.onCancelDisconnect).toHaveBeenCalledOnce();
    },
    ConnectedWatchingMatchProcessesDoneAfterAFailure: async ({ canvasElement }) => {
      await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('The account could not be disconnected.');
    },
  },
});
