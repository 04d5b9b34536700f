import type { ActorRefFrom } from 'xstate';
import { sessionMachine } from '../../machines/session/machine';
import type { NoticeBoard } from './notices';
import { pathTo } from './routes';

/** The app's session statechart, spawned by the app machine (system id 'session'). */
export type SessionActor = ActorRefFrom<typeof sessionMachine>;

export interface SessionPageDeps {
  navigate(to: string): void;
  notices: NoticeBoard;
}

/** The session machine with the app's navigation and toasts for its declared actions. */
export function appSessionMachine({ navigate, notices }: SessionPageDeps) {
  return sessionMachine.provide({
    actions: {
      goHome: () => navigate(pathTo('home')),
      goToLogin: () => navigate(pathTo('login')),
      showSignInFailure: () => navigate(`${pathTo('login')}?success=false`),
      goToReturnUrl: (_, { url }) => navigate(url),
      reportSwitchFailure: (_, { reason }) => notices.post({ title: 'Could not switch to that user', message: reason, variant: 'danger' }),
    },
  });
}
