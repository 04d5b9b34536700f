import { createActor } from 'xstate';
import type { ApiClient } from '../api/client';
import { sessionMachine } from '../../machines/session/machine';
import type { SessionActor } from '../../machines/session/actorRef';
import type { SessionStore } from '../../machines/session/sessionStore';
import type { NoticeBoard } from './notices';
import { pathTo } from './routes';

export type { SessionActor };

export interface SessionActorDeps {
  api: ApiClient;
  store: SessionStore;
  navigate(to: string): void;
  notices: NoticeBoard;
}

/** The session machine with the app's navigation and toasts for its declared actions. */
export function createSessionActor({ api, store, navigate, notices }: SessionActorDeps): SessionActor {
  const machine = sessionMachine.provide({
    actions: {
      goHome: () => navigate(pathTo('home')),
      goToLogin: () => navigate(pathTo('login')),
      showSignInFailure: () => navigate(`${pathTo('login')}?success=false`),
      goToReturnUrl: (_, { url }) => navigate(url),
      reportSwitchFailure: (_, { reason }) => notices.post({ title: 'Could not switch to that user', message: reason, variant: 'danger' }),
    },
  });
  return createActor(machine, { input: { api, store } });
}
