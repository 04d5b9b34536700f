import { assertEvent, assign, emit, setup } from 'xstate';
import type { ApiClient } from '../../src/api/client';
import {
  createSession,
  deleteSession,
  endSwitchedSession,
  fetchSession,
  switchSession,
  type SessionLookup,
  type SessionOpening,
  type SwitchBackResult,
  type User,
} from './actors';
import type { SessionStore, SwitchRecord } from './sessionStore';

export interface SessionInput {
  api: ApiClient;
  store: SessionStore;
}

export interface SwitchRequest {
  userId: number;
  returnUrl: string;
}

export interface SessionContext {
  api: ApiClient;
  store: SessionStore;
  token: string | null;
  user: User | null;
  /** Set while a supervisor acts as another user: how to get back. */
  switchRecord: SwitchRecord | null;
  switchRequest: SwitchRequest | null;
  termsAccepted: boolean;
}

export type SessionEvent =
  | { type: 'session.termsChanged'; accepted: boolean }
  | { type: 'session.signIn'; facebookToken: string }
  | { type: 'session.tokenReceived'; token: string; backUrl: string | null }
  | { type: 'session.retry' }
  | { type: 'session.userUpdated'; user: User }
  | { type: 'session.switchToUser'; userId: number; returnUrl: string }
  | { type: 'session.switchBack' }
  | { type: 'session.logout' }
  | { type: 'server.forceLogout' }
  | { type: 'server.unauthorized' };

/** Told to whoever listens (the app, which puts the robot to work for the signed-in user). */
export type SessionEmitted = { type: 'session.signedIn'; user: User; token: string } | { type: 'session.signedOut' };

type Opened = Extract<SessionOpening, { kind: 'opened' }>;

const forgetEverything = ['clearSession', 'eraseStoredSession'] as const;

const reloadSupervisorSession = [
  { type: 'goToReturnUrl', params: ({ context }: { context: SessionContext }) => ({ url: context.switchRecord!.returnUrl }) },
  { type: 'restoreSupervisorToken', params: { user: null } },
  'persistRestoredToken',
] as const;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    emitted: {} as SessionEmitted,
  },
  actors: { fetchSession, createSession, switchSession, endSwitchedSession, deleteSession },
  guards: {
    hasAcceptedTerms: ({ context }) => context.termsAccepted,
    isSupervisor: ({ context }) => context.user?.is_supervisor === true,
    isSwitched: ({ context }) => context.switchRecord !== null,
    foundSwitchedUser: ({ context }, { lookup }: { lookup: SessionLookup }) =>
      lookup.kind === 'signedIn' && context.switchRecord !== null,
    foundBannedUser: (_, { lookup }: { lookup: SessionLookup }) => lookup.kind === 'signedIn' && lookup.session.user.is_banned,
    foundUser: (_, { lookup }: { lookup: SessionLookup }) => lookup.kind === 'signedIn',
    tokenRejected: (_, { lookup }: { lookup: SessionLookup }) => lookup.kind === 'unauthorized',
    openedForBannedUser: (_, { opening }: { opening: SessionOpening }) => opening.kind === 'opened' && opening.user.is_banned,
    opened: (_, { opening }: { opening: SessionOpening }) => opening.kind === 'opened',
    switchedBack: (_, { result }: { result: SwitchBackResult }) => result.kind === 'switchedBack',
  },
  actions: {
    rememberTermsChoice: assign((_, { accepted }: { accepted: boolean }) => ({ termsAccepted: accepted })),
    persistTermsChoice: ({ context }) => context.store.saveTermsAccepted(context.termsAccepted),
    adoptReceivedToken: assign((_, { token }: { token: string }) => ({ token, user: null, switchRecord: null, switchRequest: null })),
    persistReceivedToken: ({ context }, { backUrl }: { backUrl: string | null }) => {
      context.store.forgetSession();
      context.store.saveToken(context.token!);
      context.store.saveBackUrl(backUrl);
    },
    rememberUser: assign((_, { user }: { user: User }) => ({ user })),
    adoptOpenedSession: assign((_, { accessToken, user }: Opened) => ({ token: accessToken, user })),
    persistToken: ({ context }) => context.store.saveToken(context.token!),
    rememberSwitchRequest: assign((_, request: SwitchRequest) => ({ switchRequest: request })),
    enterSwitchedSession: assign(({ context }, { accessToken, user }: Opened) => ({
      switchRecord: { previousToken: context.token!, returnUrl: context.switchRequest!.returnUrl },
      switchRequest: null,
      token: accessToken,
      user,
    })),
    persistSwitchedSession: ({ context }) => {
      context.store.saveSwitch(context.switchRecord!);
      context.store.saveToken(context.token!);
    },
    forgetSwitchRequest: assign({ switchRequest: null }),
    restoreSupervisorToken: assign(({ context }, { user }: { user: User | null }) => ({
      token: context.switchRecord!.previousToken,
      user,
      switchRecord: null,
    })),
    persistRestoredToken: ({ context }) => {
      context.store.forgetSwitch();
      context.store.saveToken(context.token!);
    },
    clearSession: assign({ token: null, user: null, switchRecord: null, switchRequest: null }),
    eraseStoredSession: ({ context }) => context.store.forgetSession(),
    announceSignedIn: emit(({ context }) =>
      context.user && context.token ? { type: 'session.signedIn' as const, user: context.user, token: context.token } : { type: 'session.signedOut' as const },
    ),
    announceSignedOut: emit({ type: 'session.signedOut' as const }),
    // Supplied where the machine runs: they need the router or the toasts.
    goHome: () => {},
    goToLogin: () => {},
    showSignInFailure: (_, _params: { reason: string }) => {},
    goToReturnUrl: (_, _params: { url: string }) => {},
    reportSwitchFailure: (_, _params: { reason: string }) => {},
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    api: input.api,
    store: input.store,
    token: input.store.readToken(),
    user: null,
    switchRecord: input.store.readSwitch(),
    switchRequest: null,
    termsAccepted: input.store.readTermsAccepted(),
  }),
  on: {
    'session.tokenReceived': {
      target: '.loadingSession',
      actions: [
        { type: 'adoptReceivedToken', params: ({ event }) => event },
        { type: 'persistReceivedToken', params: ({ event }) => event },
      ],
    },
  },
  initial: 'loadingSession',
  states: {
    loadingSession: {
      tags: 'pending',
      on: {
        'server.forceLogout': { target: 'anonymous', actions: forgetEverything },
        'server.unauthorized': { target: 'anonymous', actions: forgetEverything },
      },
      invoke: {
        id: 'fetchSession',
        src: 'fetchSession',
        input: ({ context }) => ({ api: context.api, token: context.token }),
        onDone: [
          {
            guard: { type: 'foundBannedUser', params: ({ event }) => ({ lookup: event.output }) },
            target: 'banned',
            actions: { type: 'rememberUser', params: ({ event }) => ({ user: signedInUser(event.output) }) },
          },
          {
            guard: { type: 'foundSwitchedUser', params: ({ event }) => ({ lookup: event.output }) },
            target: 'authenticated.switchedToUser',
            actions: { type: 'rememberUser', params: ({ event }) => ({ user: signedInUser(event.output) }) },
          },
          {
            guard: { type: 'foundUser', params: ({ event }) => ({ lookup: event.output }) },
            target: 'authenticated.ownAccount',
            actions: { type: 'rememberUser', params: ({ event }) => ({ user: signedInUser(event.output) }) },
          },
          {
            guard: { type: 'tokenRejected', params: ({ event }) => ({ lookup: event.output }) },
            target: 'anonymous',
            actions: forgetEverything,
          },
          { target: 'sessionUnavailable' },
        ],
        onError: 'sessionUnavailable',
      },
    },
    sessionUnavailable: {
      on: { 'session.retry': 'loadingSession' },
    },
    anonymous: {
      on: {
        'session.termsChanged': {
          actions: [{ type: 'rememberTermsChoice', params: ({ event }) => event }, 'persistTermsChoice'],
        },
        'session.signIn': { guard: 'hasAcceptedTerms', target: 'signingIn' },
      },
    },
    signingIn: {
      tags: 'pending',
      invoke: {
        id: 'createSession',
        src: 'createSession',
        input: ({ context, event }) => {
          assertEvent(event, 'session.signIn');
          return { api: context.api, facebookToken: event.facebookToken };
        },
        onDone: [
          {
            guard: { type: 'openedForBannedUser', params: ({ event }) => ({ opening: event.output }) },
            target: 'banned',
            actions: [{ type: 'adoptOpenedSession', params: ({ event }) => event.output as Opened }, 'persistToken', 'goHome'],
          },
          {
            guard: { type: 'opened', params: ({ event }) => ({ opening: event.output }) },
            target: 'authenticated',
            actions: [{ type: 'adoptOpenedSession', params: ({ event }) => event.output as Opened }, 'persistToken', 'goHome'],
          },
          {
            target: 'anonymous',
            actions: { type: 'showSignInFailure', params: ({ event }) => ({ reason: refusalOf(event.output) }) },
          },
        ],
        onError: {
          target: 'anonymous',
          actions: { type: 'showSignInFailure', params: { reason: 'Signing in failed unexpectedly.' } },
        },
      },
    },
    authenticated: {
      on: {
        'session.logout': 'loggingOut',
        'session.userUpdated': { actions: { type: 'rememberUser', params: ({ event }) => event } },
        'server.forceLogout': { target: 'anonymous', actions: [...forgetEverything, 'goToLogin'] },
        'server.unauthorized': { target: 'anonymous', actions: [...forgetEverything, 'goToLogin'] },
      },
      initial: 'ownAccount',
      states: {
        ownAccount: {
          entry: 'announceSignedIn',
          exit: 'announceSignedOut',
          on: {
            'session.switchToUser': {
              guard: 'isSupervisor',
              target: 'switchingToUser',
              actions: { type: 'rememberSwitchRequest', params: ({ event }) => event },
            },
          },
        },
        switchingToUser: {
          tags: 'pending',
          invoke: {
            id: 'switchSession',
            src: 'switchSession',
            input: ({ context }) => ({ api: context.api, userId: context.switchRequest!.userId }),
            onDone: [
              // A banned user's account shows only the banned page, with the banner that leads back.
              {
                guard: { type: 'openedForBannedUser', params: ({ event }) => ({ opening: event.output }) },
                target: '#session.banned',
                actions: [
                  { type: 'enterSwitchedSession', params: ({ event }) => event.output as Opened },
                  'persistSwitchedSession',
                  'goHome',
                ],
              },
              {
                guard: { type: 'opened', params: ({ event }) => ({ opening: event.output }) },
                target: 'switchedToUser',
                actions: [
                  { type: 'enterSwitchedSession', params: ({ event }) => event.output as Opened },
                  'persistSwitchedSession',
                  'goHome',
                ],
              },
              {
                target: 'ownAccount',
                actions: [
                  'forgetSwitchRequest',
                  { type: 'reportSwitchFailure', params: ({ event }) => ({ reason: refusalOf(event.output) }) },
                ],
              },
            ],
            onError: {
              target: 'ownAccount',
              actions: ['forgetSwitchRequest', { type: 'reportSwitchFailure', params: { reason: 'Switching failed unexpectedly.' } }],
            },
          },
        },
        switchedToUser: {
          entry: 'announceSignedIn',
          exit: 'announceSignedOut',
          // Logging out of the account switched into ends only that session: the supervisor goes back to their own.
          on: { 'session.switchBack': 'switchingBack', 'session.logout': 'switchingBack' },
        },
        switchingBack: {
          tags: 'pending',
          invoke: {
            id: 'endSwitchedSession',
            src: 'endSwitchedSession',
            input: ({ context }) => ({ api: context.api }),
            onDone: [
              {
                guard: { type: 'switchedBack', params: ({ event }) => ({ result: event.output }) },
                target: 'ownAccount',
                actions: [
                  { type: 'goToReturnUrl', params: ({ context }) => ({ url: context.switchRecord!.returnUrl }) },
                  { type: 'restoreSupervisorToken', params: ({ event }) => ({ user: switchedBackUser(event.output) }) },
                  'persistRestoredToken',
                ],
              },
              // The supervisor's own token is still good even when ending the switched one failed: load it afresh.
              {
                target: '#session.loadingSession',
                actions: reloadSupervisorSession,
              },
            ],
            onError: { target: '#session.loadingSession', actions: reloadSupervisorSession },
          },
        },
      },
    },
    /** A banned user's own session, or a supervisor's switched into a banned user's account (it can switch back). */
    banned: {
      on: {
        'session.switchBack': { guard: 'isSwitched', target: 'authenticated.switchingBack' },
        'session.logout': [{ guard: 'isSwitched', target: 'authenticated.switchingBack' }, { target: 'loggingOut' }],
        'server.forceLogout': { target: 'anonymous', actions: [...forgetEverything, 'goToLogin'] },
        'server.unauthorized': { target: 'anonymous', actions: [...forgetEverything, 'goToLogin'] },
      },
    },
    loggingOut: {
      tags: 'pending',
      invoke: {
        id: 'deleteSession',
        src: 'deleteSession',
        input: ({ context }) => ({ api: context.api }),
        onDone: { target: 'anonymous', actions: forgetEverything },
        onError: { target: 'anonymous', actions: forgetEverything },
      },
    },
  },
});

function signedInUser(lookup: SessionLookup): User {
  if (lookup.kind !== 'signedIn') throw new Error('only a found session has a user');
  return lookup.session.user;
}

function switchedBackUser(result: SwitchBackResult): User {
  if (result.kind !== 'switchedBack') throw new Error('only a finished switch-back names the supervisor');
  return result.user;
}

function refusalOf(opening: SessionOpening): string {
  return opening.kind === 'refused' ? opening.reason : '';
}
