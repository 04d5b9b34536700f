import { answering, type MachineStories } from '../../../.storybook/machineStories';
import { unreachableApi } from '../../../.storybook/storyRobot';
import { paymentAccountMachine } from '../../../machines/paymentAccount/machine';
import { paymentAccountPageOf } from '../../../machines/paymentAccount/selectors';
import { PAYMENT_ACCOUNT_ANSWERS } from './fixtures';

const { fetchAccount } = PAYMENT_ACCOUNT_ANSWERS;

/** What the page shows differently beyond the state: the offer, the match processes' card and a failure. */
function shownDetails(snapshot: Parameters<typeof paymentAccountPageOf>[0]) {
  const page = paymentAccountPageOf(snapshot);
  return {
    offer: page.kind === 'offer' ? page.offer : null,
    processes: page.kind === 'connected' ? page.matchProcesses.kind : null,
    failure: page.kind === 'offer' || page.kind === 'connected' ? page.failure !== null : false,
  };
}

const processNames = { dataLoading: 'DataLoading', active: 'ActiveMatchProcesses', none: 'MatchProcessesDone' };

/**
 * The connections page's reachable states: Ada's paid group whose account is loaded in every
 * onboarding state, connected (the browser leaving for the provider), polled while its match
 * processes run, and disconnected after the question.
 */
export const paymentAccountStories: MachineStories<typeof paymentAccountMachine> = {
  machine: paymentAccountMachine,
  input: { api: unreachableApi, groupId: 3, watchesMatchProcesses: true },
  events: [
    { type: 'account.retry' },
    { type: 'account.connect' },
    { type: 'account.disconnect' },
    { type: 'account.disconnect.confirmed' },
    { type: 'account.disconnect.cancelled' },
  ],
  outcomes: {
    fetchAccount: answering(fetchAccount),
    pollAccount: answering({
      completedRunning: fetchAccount.completedRunning,
      completedFinished: fetchAccount.completedFinished,
      failed: fetchAccount.failed,
    }),
    connectAccount: answering(PAYMENT_ACCOUNT_ANSWERS.connectAccount),
    disconnectAccount: answering(PAYMENT_ACCOUNT_ANSWERS.disconnectAccount),
  },
  distinguishingContext: shownDetails,
  variant: (snapshot) => {
    const { offer, processes, failure } = shownDetails(snapshot);
    // The state names the offer, but for the moments the offer's button is busy.
    const continuing = offer === 'continueOnboarding' && !snapshot.matches('offeringOnboarding') ? 'ToContinueOnboarding' : '';
    return `${continuing}${processes ? processNames[processes] : ''}${failure ? 'AfterAFailure' : ''}`;
  },
};
