import type { SessionActor } from '../../machines/session/actorRef';
import { sessionMachine } from '../../machines/session/machine';
import type { NoticeBoard } from './notices';
import { pathTo } from './routes';

export type { SessionActor };

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
