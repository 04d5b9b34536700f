import { createApiClient, type ServerHeaders } from '../api/client';
import { accessToken } from '../../machines/session/selectors';
import { createSessionStore } from '../../machines/session/sessionStore';
import type { AppConfig } from '../config';
import type { FacebookWindow } from '../identity/facebookIdentity';
import { createAppRobot } from './appRobot';
import type { BridgePage } from '../robot/extensionBridge';
import type { AppDeps } from './appDeps';
import { createCurrentGroupMemory } from './currentGroupMemory';
import { createGroupsSource } from '../api/groupsSource';
import { createNoticeBoard } from './notices';
import { navigateQuietly, type Navigator } from './quietNavigation';
import { createRobotActor, followSession } from './robotActor';
import { createSessionActor } from './sessionActor';
import { watchUnauthorizedKeyCalls } from './unauthorizedCalls';

export interface AppWiring {
  baseUrl: string;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  identityPage: FacebookWindow;
  config: AppConfig;
  runningAppVersion: string;
  /** Reloads the page (the logo also reloads the extension first). */
  reloadApp(): void;
  /** The page the installed extension's content script listens on. */
  robotPage: BridgePage;
  /** Every response's version headers, for the version check. */
  onServerHeaders?(headers: ServerHeaders): void;
  /** The installed robot's version, for the version check. */
  onRobotVersion?(version: string): void;
  /** Replaces the global fetch (tests). */
  fetch?: (request: Request) => Promise<Response>;
  /** Speaks the encrypted envelope mode when the server announces it on GET /status. */
  envelope?: boolean;
}

/**
 * The API client, the session and the robot, wired to each other: requests carry the session's
 * token, X-Force-Logout or a 401 on a key call ends the session, and the robot works for whoever
 * is signed in. The session and the robot machine start once a router can carry out navigation.
 */
export function createAppDeps({
  baseUrl,
  storage,
  identityPage,
  config,
  runningAppVersion,
  reloadApp,
  robotPage,
  onServerHeaders,
  onRobotVersion,
  fetch,
  envelope,
}: AppWiring) {
  let router: Navigator | null = null;
  const api = createApiClient({
    baseUrl,
    fetch,
    envelope,
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
  const robot = createAppRobot(api, robotPage);
  const robotActor = createRobotActor({ robot, api, onRobotVersion: (version) => onRobotVersion?.(version) });
  const groups = createGroupsSource(api);
  const deps: AppDeps = {
    api,
    session,
    groups,
    currentGroup: createCurrentGroupMemory(storage),
    notices,
    robot,
    robotActor,
    identityPage,
    config,
    runningAppVersion,
    reloadApp: () => {
      robot.reload();
      reloadApp();
    },
  };
  return {
    deps,
    connectRouter(connected: Navigator) {
      router = connected;
      session.start();
      robotActor.start();
      followSession(robotActor, session, groups);
    },
  };
}
