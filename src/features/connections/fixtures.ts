import type { AccountAnswer, ConnectAnswer, DisconnectAnswer, PaymentAccount, PaymentTask } from '../../../machines/paymentAccount/actors';

/** 2026-11-25 11:00:00 UTC: the stories' and tests' clock reads 12:00 the same day. */
export const TASK_STARTED_AT = 1795604400;
export const FIXTURE_NOW = (TASK_STARTED_AT + 3600) * 1000;

const task = (task_id: number, status: PaymentTask['properties']['status'], progress: number, start_timestamp: number | null): PaymentTask => ({
  task_id,
  properties: { status, progress, start_timestamp },
});

const account = (onboarding: PaymentAccount['properties']['onboarding'], tasks: PaymentTask[] = [], company_name: string | null = null): PaymentAccount => ({
  properties: { company_name, onboarding },
  tasks,
});

export const COMPANY_NAME = 'Trail Runners Worldwide LLC';

/** The customers' import is done; matching runs at 40%; a third process waits its turn. */
export const RUNNING_TASKS = [task(1, 'completed', 100, TASK_STARTED_AT - 600), task(2, 'running', 40, TASK_STARTED_AT), task(3, 'pending', 0, null)];
export const FINISHED_TASKS = [task(1, 'completed', 100, TASK_STARTED_AT - 600), task(2, 'completed', 100, TASK_STARTED_AT)];

export const ACCOUNTS = {
  notConnected: account(null),
  onboardingStarted: account('started'),
  onboardingRefresh: account('refresh'),
  completedWithoutTasks: account('completed', [], COMPANY_NAME),
  completedRunning: account('completed', RUNNING_TASKS, COMPANY_NAME),
  completedFinished: account('completed', FINISHED_TASKS, COMPANY_NAME),
} satisfies Record<string, PaymentAccount>;

export const PROVIDER_REDIRECT_URL = 'https://connect.stripe.test/setup/e/acct_fixture';

/** The account workflow's server answers, by name: the stories and the model test share them. */
export const PAYMENT_ACCOUNT_ANSWERS = {
  fetchAccount: {
    notConnected: { kind: 'loaded', account: ACCOUNTS.notConnected },
    onboardingStarted: { kind: 'loaded', account: ACCOUNTS.onboardingStarted },
    onboardingRefresh: { kind: 'loaded', account: ACCOUNTS.onboardingRefresh },
    completedWithoutTasks: { kind: 'loaded', account: ACCOUNTS.completedWithoutTasks },
    completedRunning: { kind: 'loaded', account: ACCOUNTS.completedRunning },
    completedFinished: { kind: 'loaded', account: ACCOUNTS.completedFinished },
    failed: { kind: 'failed', message: 'The server did not answer.' },
  } satisfies Record<string, AccountAnswer>,
  connectAccount: {
    redirected: { kind: 'started', account: ACCOUNTS.onboardingStarted, redirectUrl: PROVIDER_REDIRECT_URL },
    completedAtOnce: { kind: 'started', account: ACCOUNTS.completedWithoutTasks, redirectUrl: null },
    closed: { kind: 'closed', message: 'Connections need a paid plan.' },
    failed: { kind: 'failed', message: 'The payment provider did not answer.' },
  } satisfies Record<string, ConnectAnswer>,
  disconnectAccount: {
    disconnected: { kind: 'disconnected' },
    closed: { kind: 'closed', message: 'Account is locked' },
    failed: { kind: 'failed', message: 'The account could not be disconnected.' },
  } satisfies Record<string, DisconnectAnswer>,
};
