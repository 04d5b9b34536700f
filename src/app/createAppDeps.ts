import { createActor, fromPromise } from 'xstate';
import { createApiClient } from '../api/client';
import { appMachine } from '../../machines/app/machine';
import { accessToken } from '../../machines/session/selectors';
import { createSessionStore } from '../../machines/session/sessionStore';
import { createReloadLog } from '../../machines/versionCheck/reloadLog';
import type { AppConfig } from '../config';
import type { FacebookWindow } from '../identity/facebookIdentity';
import { createAppRobot } from './appRobot';
import type { BridgePage } from '../robot/extensionBridge';
import type { AppDeps } from './appDeps';
import { createCurrentGroupMemory } from './currentGroupMemory';
import { groupChangesWatcher } from '../api/groupChanges';
import { createGroupsSource } from '../api/groupsSource';
import { createNoticeBoard } from './notices';
import { navigateQuietly, type Navigator } from './quietNavigation';
import { appSessionMachine } from './sessionActor';
import { watchUnauthorizedKeyCalls } from './unauthorizedCalls';
import { appVersionCheckMachine, pageActivity, type VersionCheckPage } from './versionCheck';

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
  /** The page the version check reloads with a cache buster, and where it watches for the user's activity. */
  versionPage: VersionCheckPage;
  /** Replaces the global fetch (tests). */
  fetch?: (request: Request) => Promise<Response>;
  /** Speaks the encrypted envelope mode when the server announces it on GET /status. */
  envelope?: boolean;
}

/**
 * The API client and the app machine, which spawns the session, the robot and the version check
 * and carries what one tells another. Requests carry the session's token; every response's headers
 * and a 401 on a key call go to the app machine; a call that changes the user's groups, or a robot
 * job that finished, has the groups source ask for them again. The app's actors start once a router can carry out
 * the session's navigation.
 */
export function createAppDeps({
  baseUrl,
  storage,
  identityPage,
  config,
  runningAppVersion,
  reloadApp,
  robotPage,
  versionPage,
  fetch,
  envelope,
}: AppWiring) {
  let router: Navigator | null = null;
  const api = createApiClient({
    baseUrl,
    fetch,
    envelope,
    getToken: () => accessToken(session.getSnapshot()),
    onServerHeaders: (headers) => app.send({ type: 'server.headers', ...headers }),
  });
  watchUnauthorizedKeyCalls(api, baseUrl, () => app.send({ type: 'server.unauthorized' }));
  const notices = createNoticeBoard();
  const robot = createAppRobot(api, robotPage);
  const groups = createGroupsSource(api);
  api.use(groupChangesWatcher(() => groups.refresh()));
  const app = createActor(
    appMachine.provide({
      actors: {
        session: appSessionMachine({
          navigate: navigateQuietly(() => {
            if (!router) throw new Error('the session navigated before the router was connected');
            return router;
          }),
          notices,
        }),
        versionCheck: appVersionCheckMachine(versionPage, () => robot.reload()),
        loadUserGroups: fromPromise(({ input }) => groups.load(input.token)),
        watchUserActivity: pageActivity(versionPage),
      },
    }),
    { input: { api, store: createSessionStore(storage), robot, runningAppVersion, reloadLog: createReloadLog(storage) } },
  );
  const { session, robot: robotActor } = app.getSnapshot().context;
  // A job the robot finished (a removal, a members scan) changed its group's counts.
  robotActor.on('robot.job.finished', () => groups.refresh());
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
    app,
    /** Gives the session the router to navigate with and starts the app's actors. */
    connectRouter(connected: Navigator) {
      router = connected;
      app.start();
    },
  };
}
