import { assign, emit, setup } from 'xstate';
import type { ApiClient } from '../../src/api/client';
import {
  connectAccount,
  disconnectAccount,
  fetchAccount,
  type AccountAnswer,
  type ConnectAnswer,
  type DisconnectAnswer,
  type PaymentAccount,
} from './actors';
import { awaitsMatchProcesses } from './tasks';

export interface PaymentAccountInput {
  api: ApiClient;
  groupId: number;
  /** The connections page watches the match processes; the settings page only connects and disconnects. */
  watchesMatchProcesses: boolean;
  /** The provider sent the browser back to the page because its onboarding link expired (?onboarding=refresh). */
  returnedToRefresh?: boolean;
}

export interface PaymentAccountContext extends PaymentAccountInput {
  account: PaymentAccount | null;
  /** Why the last call failed, shown until the next one. */
  failure: string | null;
  /** Where the browser continues the provider's onboarding. */
  redirectUrl: string | null;
}

export type PaymentAccountEvent =
  | { type: 'account.retry' }
  | { type: 'account.connect' }
  | { type: 'account.disconnect' }
  | { type: 'account.disconnect.confirmed' }
  | { type: 'account.disconnect.cancelled' };

/** Told to the page once the account is disconnected: it toasts. */
export type PaymentAccountEmitted = { type: 'account.disconnected' };

type Answer = AccountAnswer | ConnectAnswer | DisconnectAnswer;
type AccountParams = { account: PaymentAccount | null };

const onboardingOf = (account: PaymentAccount | null) => account?.properties.onboarding ?? null;

/** The account as an answer leaves it: the one it carries, else the one known before. */
function accountNow({ context, event }: { context: PaymentAccountContext; event: object }): AccountParams {
  const answer = 'output' in event ? (event.output as Answer) : undefined;
  return { account: answer && (answer.kind === 'loaded' || answer.kind === 'started') ? answer.account : context.account };
}

const rememberAnswer = { type: 'rememberAnswer', params: ({ event }: { event: { output?: unknown } }) => event.output as Answer } as const;

/**
 * Where the account leads (spec part 2 §4): completed to its data, polled while match processes are
 * awaited; started or refresh to continue onboarding; anything else to the connect offer.
 */
function offerOfAccount<const Actions extends readonly (typeof rememberAnswer)[]>(actions: Actions) {
  return [
    { guard: { type: 'awaitsMatchProcesses', params: accountNow }, target: '#paymentAccount.connected.waitingToPoll', actions },
    { guard: { type: 'onboardingCompleted', params: accountNow }, target: '#paymentAccount.connected.watching', actions },
    { guard: { type: 'onboardingUnfinished', params: accountNow }, target: '#paymentAccount.offeringOnboarding', actions },
    { target: '#paymentAccount.offeringConnect', actions },
  ] as const;
}

/** Back to a connected account's data: polled while its match processes are awaited. */
function dataOfAccount<const Actions extends readonly (typeof rememberAnswer)[]>(actions: Actions) {
  return [
    { guard: { type: 'awaitsMatchProcesses', params: accountNow }, target: 'waitingToPoll', actions },
    { target: 'watching', actions },
  ] as const;
}

/**
 * The group's payment-provider account (spec part 2 §2, §4, §5, §7). Its onboarding decides the
 * offer: started or refresh continues onboarding, completed shows the data, anything else offers
 * to connect. Connecting sends the browser to the provider's redirect_url. Once completed, the
 * account is polled every 3000 ms (the named delay `pollInterval`) while a match process is under
 * way or there are none yet, until the actor stops with the page. Disconnecting asks first. A 409
 * (a free or locked group) closes the account's actions with the server's reason.
 */
export const paymentAccountMachine = setup({
  types: {
    context: {} as PaymentAccountContext,
    events: {} as PaymentAccountEvent,
    input: {} as PaymentAccountInput,
    emitted: {} as PaymentAccountEmitted,
  },
  actors: { fetchAccount, connectAccount, disconnectAccount },
  delays: { pollInterval: 3000 },
  guards: {
    isFailed: (_, answer: Answer) => answer.kind === 'failed',
    leavesForProvider: (_, answer: ConnectAnswer) => answer.kind === 'started' && answer.redirectUrl !== null,
    isDisconnected: (_, answer: DisconnectAnswer) => answer.kind === 'disconnected',
    isClosed: (_, answer: ConnectAnswer | DisconnectAnswer) => answer.kind === 'closed',
    onboardingCompleted: (_, { account }: AccountParams) => onboardingOf(account) === 'completed',
    onboardingUnfinished: (_, { account }: AccountParams) => ['started', 'refresh'].includes(onboardingOf(account) ?? ''),
    awaitsMatchProcesses: ({ context }, { account }: AccountParams) =>
      onboardingOf(account) === 'completed' && context.watchesMatchProcesses && awaitsMatchProcesses(account?.tasks ?? []),
  },
  actions: {
    rememberAccount: assign((_, answer: AccountAnswer | ConnectAnswer) => ({
      account: answer.kind === 'loaded' || answer.kind === 'started' ? answer.account : null,
      failure: null,
    })),
    /** An answer with an account replaces the one known, and clears the failure; a failed one says why. */
    rememberAnswer: assign(({ context }, answer: Answer) => {
      if (answer.kind === 'loaded' || answer.kind === 'started') return { account: answer.account, failure: null };
      return { account: context.account, failure: 'message' in answer ? answer.message : null };
    }),
    rememberRedirect: assign((_, answer: ConnectAnswer) => ({ redirectUrl: answer.kind === 'started' ? answer.redirectUrl : null })),
    rememberFailure: assign((_, answer: Answer) => ({ failure: 'message' in answer ? answer.message : null })),
    forgetFailure: assign({ failure: null }),
    forgetAccount: assign({ account: null, failure: null }),
    tellDisconnected: emit({ type: 'account.disconnected' as const }),
    // Supplied where the page runs: the browser leaves the app for the provider.
    goToProvider: (_, _params: { url: string }) => {},
  },
}).createMachine({
  id: 'paymentAccount',
  context: ({ input }) => ({ ...input, account: null, failure: null, redirectUrl: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      entry: 'forgetFailure',
      invoke: {
        id: 'fetchAccount',
        src: 'fetchAccount',
        input: ({ context }) => ({ api: context.api, groupId: context.groupId, refresh: context.returnedToRefresh }),
        onDone: [
          {
            guard: { type: 'isFailed', params: ({ event }) => event.output },
            target: 'loadFailed',
            actions: { type: 'rememberFailure', params: ({ event }) => event.output },
          },
          ...offerOfAccount([rememberAnswer]),
        ],
      },
    },
    loadFailed: {
      on: { 'account.retry': 'loading' },
    },
    offeringConnect: {
      on: { 'account.connect': 'connecting' },
    },
    offeringOnboarding: {
      on: { 'account.connect': 'connecting' },
    },
    connecting: {
      tags: 'busy',
      invoke: {
        id: 'connectAccount',
        src: 'connectAccount',
        input: ({ context }) => ({ api: context.api, groupId: context.groupId }),
        onDone: [
          {
            guard: { type: 'leavesForProvider', params: ({ event }) => event.output },
            target: 'leavingForProvider',
            actions: [
              { type: 'rememberAccount', params: ({ event }) => event.output },
              { type: 'rememberRedirect', params: ({ event }) => event.output },
            ],
          },
          {
            guard: { type: 'isClosed', params: ({ event }) => event.output },
            target: 'closed',
            actions: { type: 'rememberFailure', params: ({ event }) => event.output },
          },
          // Started without a redirect (the provider needs nothing more), or failed: the offer as the account now is.
          ...offerOfAccount([rememberAnswer]),
        ],
      },
    },
    leavingForProvider: {
      tags: 'busy',
      entry: { type: 'goToProvider', params: ({ context }) => ({ url: context.redirectUrl! }) },
    },
    connected: {
      initial: 'watching',
      states: {
        waitingToPoll: {
          after: { pollInterval: 'polling' },
          on: { 'account.disconnect': 'confirmingDisconnect' },
        },
        polling: {
          on: { 'account.disconnect': 'confirmingDisconnect' },
          invoke: {
            id: 'pollAccount',
            src: 'fetchAccount',
            input: ({ context }) => ({ api: context.api, groupId: context.groupId }),
            onDone: [
              // The data shown stays; the next poll tries again.
              {
                guard: { type: 'isFailed', params: ({ event }) => event.output },
                target: 'waitingToPoll',
                actions: { type: 'rememberFailure', params: ({ event }) => event.output },
              },
              ...offerOfAccount([rememberAnswer]),
            ],
          },
        },
        watching: {
          on: { 'account.disconnect': 'confirmingDisconnect' },
        },
        confirmingDisconnect: {
          on: {
            'account.disconnect.confirmed': 'disconnecting',
            'account.disconnect.cancelled': dataOfAccount([]),
          },
        },
        disconnecting: {
          tags: 'busy',
          entry: 'forgetFailure',
          invoke: {
            id: 'disconnectAccount',
            src: 'disconnectAccount',
            input: ({ context }) => ({ api: context.api, groupId: context.groupId }),
            onDone: [
              {
                guard: { type: 'isDisconnected', params: ({ event }) => event.output },
                target: '#paymentAccount.offeringConnect',
                actions: ['forgetAccount', 'tellDisconnected'],
              },
              {
                guard: { type: 'isClosed', params: ({ event }) => event.output },
                target: '#paymentAccount.closed',
                actions: { type: 'rememberFailure', params: ({ event }) => event.output },
              },
              ...dataOfAccount([rememberAnswer]),
            ],
          },
        },
      },
    },
    closed: {},
  },
});
