import { createApiClient, type ServerHeaders } from '../api/client';
import { accessToken } from '../../machines/session/selectors';
import { createSessionStore } from '../../machines/session/sessionStore';
import type { AppConfig } from '../config';
import type { FacebookWindow } from '../identity/facebookIdentity';
import type { AppDeps } from './appDeps';
import { createCurrentGroupMemory } from './currentGroupMemory';
import { createGroupsSource } from './loaders/groupsSource';
import { createNoticeBoard } from './notices';
import { navigateQuietly, type Navigator } from './quietNavigation';
import { createSessionActor } from './sessionActor';
import { watchUnauthorizedKeyCalls } from './unauthorizedCalls';

export interface AppWiring {
  baseUrl: string;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  identityPage: FacebookWindow;
  config: AppConfig;
  runningAppVersion: string;
  reloadApp(): void;
  /** Every response's version headers, for the version check. */
  onServerHeaders?(headers: ServerHeaders): void;
  /** Replaces the global fetch (tests). */
  fetch?: (request: Request) => Promise<Response>;
}

/**
 * The API client and the session, wired to each other: requests carry the session's token, and
 * X-Force-Logout or a 401 on a key call ends the session. The session starts once a router can
 * carry out its navigation.
 */
export function createAppDeps({ baseUrl, storage, identityPage, config, runningAppVersion, reloadApp, onServerHeaders, fetch }: AppWiring) {
  let router: Navigator | null = null;
  const api = createApiClient({
    baseUrl,
    fetch,
    getToken: () => accessToken(session.getSnapshot()),
    onServerHeaders: (headers) => {
      onServerHeaders?.(headers);
      if (headers.forceLogout) session.send({ type: 'server.forceLogout' });
    },
  });
  watchUnauthorizedKeyCalls(api, baseUrl, () => session.send({ type: 'server.unauthorized' }));
  const notices = createNoticeBoard();
  const session = createSessionActor({
    api,
    store: createSessionStore(storage),
    navigate: navigateQuietly(() => {
      if (!router) throw new Error('the session navigated before the router was connected');
      return router;
    }),
    notices,
  });
  const deps: AppDeps = {
    api,
    session,
    groups: createGroupsSource(api),
    currentGroup: createCurrentGroupMemory(storage),
    notices,
    identityPage,
    config,
    runningAppVersion,
    reloadApp,
  };
  return {
    deps,
    connectRouter(connected: Navigator) {
      router = connected;
      session.start();
    },
  };
}
