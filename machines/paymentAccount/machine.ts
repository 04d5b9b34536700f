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

const onboardingOf = (account: PaymentAccount | null) => account?.properties.onboarding ?? null;

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
    isLoaded: (_, answer: AccountAnswer) => answer.kind === 'loaded',
    isStarted: (_, answer: ConnectAnswer) => answer.kind === 'started',
    leavesForProvider: (_, answer: ConnectAnswer) => answer.kind === 'started' && answer.redirectUrl !== null,
    isDisconnected: (_, answer: DisconnectAnswer) => answer.kind === 'disconnected',
    isClosed: (_, answer: ConnectAnswer | DisconnectAnswer) => answer.kind === 'closed',
    onboardingCompleted: ({ context }) => onboardingOf(context.account) === 'completed',
    onboardingUnfinished: ({ context }) => ['started', 'refresh'].includes(onboardingOf(context.account) ?? ''),
    awaitsMatchProcesses: ({ context }) => context.watchesMatchProcesses && awaitsMatchProcesses(context.account?.tasks ?? []),
  },
  actions: {
    rememberAccount: assign((_, answer: AccountAnswer | ConnectAnswer) => ({
      account: answer.kind === 'loaded' || answer.kind === 'started' ? answer.account : null,
      failure: null,
    })),
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
        input: ({ context }) => ({ api: context.api, groupId: context.groupId }),
        onDone: [
          {
            guard: { type: 'isLoaded', params: ({ event }) => event.output },
            target: 'choosingOffer',
            actions: { type: 'rememberAccount', params: ({ event }) => event.output },
          },
          { target: 'loadFailed', actions: { type: 'rememberFailure', params: ({ event }) => event.output } },
        ],
      },
    },
    loadFailed: {
      on: { 'account.retry': 'loading' },
    },
    choosingOffer: {
      always: [
        { guard: 'onboardingCompleted', target: 'connected' },
        { guard: 'onboardingUnfinished', target: 'offeringOnboarding' },
        { target: 'offeringConnect' },
      ],
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
            guard: { type: 'isStarted', params: ({ event }) => event.output },
            target: 'choosingOffer',
            actions: { type: 'rememberAccount', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'isClosed', params: ({ event }) => event.output },
            target: 'closed',
            actions: { type: 'rememberFailure', params: ({ event }) => event.output },
          },
          { target: 'choosingOffer', actions: { type: 'rememberFailure', params: ({ event }) => event.output } },
        ],
      },
    },
    leavingForProvider: {
      tags: 'busy',
      entry: { type: 'goToProvider', params: ({ context }) => ({ url: context.redirectUrl! }) },
    },
    connected: {
      initial: 'checkingMatchProcesses',
      states: {
        checkingMatchProcesses: {
          always: [{ guard: 'awaitsMatchProcesses', target: 'waitingToPoll' }, { target: 'watching' }],
        },
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
              {
                guard: { type: 'isLoaded', params: ({ event }) => event.output },
                target: '#paymentAccount.choosingOffer',
                actions: { type: 'rememberAccount', params: ({ event }) => event.output },
              },
              // The data shown stays; the next poll tries again.
              { target: 'waitingToPoll', actions: { type: 'rememberFailure', params: ({ event }) => event.output } },
            ],
          },
        },
        watching: {
          on: { 'account.disconnect': 'confirmingDisconnect' },
        },
        confirmingDisconnect: {
          on: {
            'account.disconnect.confirmed': 'disconnecting',
            'account.disconnect.cancelled': 'checkingMatchProcesses',
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
              { target: 'checkingMatchProcesses', actions: { type: 'rememberFailure', params: ({ event }) => event.output } },
            ],
          },
        },
      },
    },
    closed: {},
  },
});
