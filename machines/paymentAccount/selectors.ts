import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { paidFeatureRefusal } from '../../rules/plans';
import type { PaymentAccount, PaymentTask } from './actors';
import type { paymentAccountMachine } from './machine';
import { isUnfinished } from './tasks';

type PaymentAccountSnapshot = SnapshotFrom<typeof paymentAccountMachine>;
export type PaymentAccountActor = ActorRefFrom<typeof paymentAccountMachine>;

/** The provider's name when the account has no company name yet. */
export const PROVIDER_NAME = 'Stripe';

export const PAYMENT_ACCOUNT_TEXTS = {
  continueOnboarding: 'Continue onboarding with',
  completeOnboarding: 'Please complete the stripe onboarding process.',
  dataLoading: 'Data loading, Please Refresh...',
  activeMatchProcesses: 'Active Match Processes',
  confirmDisconnect: 'Are you sure want to disconnect stripe account?',
  disconnected: 'The Stripe account is disconnected.',
} as const;

export interface MatchProcessRow {
  id: number;
  /** The task's status as a word: 'Pending', 'Running', 'Failed'. */
  status: string;
  /** 0 to 100. */
  progress: number;
  /** When it started (unix seconds); none for a pending task, which shows no time ago. */
  startedAt: number | null;
}

/** Below the data: nothing once every match process is completed. */
export type MatchProcesses = { kind: 'dataLoading' } | { kind: 'active'; rows: MatchProcessRow[] } | { kind: 'none' };

export type PaymentAccountPage =
  | { kind: 'loading' }
  | { kind: 'loadFailed'; failure: string | null }
  /** Not completed: connect, or continue an onboarding started or sent back for a refresh. */
  | { kind: 'offer'; offer: 'connect' | 'continueOnboarding'; connecting: boolean; failure: string | null }
  | { kind: 'connected'; matchProcesses: MatchProcesses; confirmingDisconnect: boolean; disconnecting: boolean; failure: string | null }
  /** A free or locked group (409): the server's reason. */
  | { kind: 'closed'; reason: string | null };

function capitalized(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function matchProcessRow(task: PaymentTask): MatchProcessRow {
  const { status, progress, start_timestamp } = task.properties;
  return { id: task.task_id, status: capitalized(status), progress, startedAt: status === 'pending' ? null : start_timestamp };
}

export function matchProcessesOf(account: PaymentAccount): MatchProcesses {
  if (account.tasks.length === 0) return { kind: 'dataLoading' };
  const rows = account.tasks.filter(isUnfinished).map(matchProcessRow);
  return rows.length > 0 ? { kind: 'active', rows } : { kind: 'none' };
}

/** The page's title: the account's company name, else the provider's. */
export function accountTitleOf(snapshot: PaymentAccountSnapshot): string {
  return snapshot.context.account?.properties.company_name || PROVIDER_NAME;
}

/** What the connections page (and the settings block) shows for a snapshot of the account's workflow. */
export function paymentAccountPageOf(snapshot: PaymentAccountSnapshot): PaymentAccountPage {
  const { account, failure } = snapshot.context;
  if (snapshot.matches('loading')) return { kind: 'loading' };
  if (snapshot.matches('loadFailed')) return { kind: 'loadFailed', failure };
  if (snapshot.matches('closed')) return { kind: 'closed', reason: failure };
  if (snapshot.matches('connected') && account) {
    return {
      kind: 'connected',
      matchProcesses: matchProcessesOf(account),
      confirmingDisconnect: snapshot.matches({ connected: 'confirmingDisconnect' }),
      disconnecting: snapshot.matches({ connected: 'disconnecting' }),
      failure,
    };
  }
  const onboarding = account?.properties.onboarding;
  return {
    kind: 'offer',
    offer: onboarding === 'started' || onboarding === 'refresh' ? 'continueOnboarding' : 'connect',
    connecting: snapshot.hasTag('busy'),
    failure,
  };
}

/**
 * The settings page's 'Connections Settings' block (spec part 2 §2, §6): shown only with the user flag
 * connects_is_enabled; a free group sees it locked, a locked group is blocked by its lock; neither has an account to work.
 */
export type ConnectionsSettingsAccess = 'hidden' | 'freePlan' | 'groupLocked' | 'open';

export function connectionsSettingsAccess(
  group: Parameters<typeof paidFeatureRefusal>[0],
  user: { flags: { connects_is_enabled: boolean } },
): ConnectionsSettingsAccess {
  if (!user.flags.connects_is_enabled) return 'hidden';
  const refusal = paidFeatureRefusal(group);
  if (refusal === 'free_plan') return 'freePlan';
  return refusal === 'locked' ? 'groupLocked' : 'open';
}

/** What a block whose account cannot be worked shows under its lock: the offer to connect. */
export const LOCKED_OFFER: PaymentAccountPage = { kind: 'offer', offer: 'connect', connecting: false, failure: null };
