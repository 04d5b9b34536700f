import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { appMachine } from '../../../machines/app/machine';
import type { Group } from '../../../machines/app/actors';
import { createSessionStore, SESSION_KEYS } from '../../../machines/session/sessionStore';
import { RELOAD_LOG_KEY, createReloadLog } from '../../../machines/versionCheck/reloadLog';
import { createApiClient } from '../../../src/api/client';
import { appVersionCheckMachine, pageActivity } from '../../../src/app/versionCheck';
import { createFakeRobot } from '../../model/robot/fakeRobot';
import { adminUser, freeGroup } from '../support/sessionFixtures';
import { memoryStorage } from './support/appHarness';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The server as the app's actors see it: the signed-in session, and the published versions. */
function serverApi({ appVersion = '1.4.0', robotVersion = '2.4.0' } = {}) {
  return createApiClient({
    baseUrl: 'http://xfilter.test/api/v1',
    fetch: async (request) => {
      const path = new URL(request.url).pathname;
      if (path.endsWith('/session')) return json({ user: adminUser, member: null, access_token: 'token-ada', switched_by: null });
      if (path.endsWith('/status')) return json({ app_version: appVersion, robot_version: robotVersion, sandbox: true });
      return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
    },
  });
}

/** Just enough of a page: an address to reload and activity events. */
function fakePage(href: string) {
  return { location: { href, replace: vi.fn<(url: string) => void>() }, activity: new EventTarget() };
}

function startApp({
  signedIn = false,
  appVersion,
  robotVersion,
  groups = async () => [freeGroup],
}: { signedIn?: boolean; appVersion?: string; robotVersion?: string; groups?: (token: string) => Promise<Group[]> } = {}) {
  const storage = memoryStorage(signedIn ? { [SESSION_KEYS.token]: 'token-ada', [SESSION_KEYS.termsAccepted]: '1' } : {});
  const robot = createFakeRobot();
  const page = fakePage('https://app.xfilter.test/42/members?list=active');
  const app = createActor(
    appMachine.provide({
      actors: {
        versionCheck: appVersionCheckMachine(page, () => robot.robot.reload()),
        watchUserActivity: pageActivity(page),
        loadUserGroups: fromPromise(({ input }) => groups(input.token)),
      },
    }),
    {
      input: {
        api: serverApi({ appVersion, robotVersion }),
        store: createSessionStore(storage),
        robot: robot.robot,
        runningAppVersion: '1.4.0',
        reloadLog: createReloadLog(storage),
      },
    },
  );
  app.start();
  return { app, robot, page, storage };
}

describe('the app machine', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('spawns the session, the robot and the version check under their system ids', () => {
    const { app } = startApp();
    const { session, robot, versionCheck } = app.getSnapshot().context;
    expect(app.system.get('session')).toBe(session);
    expect(app.system.get('robot')).toBe(robot);
    expect(app.system.get('versionCheck')).toBe(versionCheck);
    app.stop();
  });

  it('puts the robot to work for the user who signs in, with their groups, and for nobody once they sign out', async () => {
    const { app, robot } = startApp({ signedIn: true });
    await waitFor(app, (snapshot) => snapshot.matches('signedIn'));
    expect(robot.configured).toEqual([{ user: adminUser, groups: [freeGroup], apiToken: 'token-ada' }]);
    expect(app.getSnapshot().context.robot.getSnapshot().context.identity?.apiToken).toBe('token-ada');

    app.getSnapshot().context.session.send({ type: 'session.logout' });
    await waitFor(app, (snapshot) => snapshot.matches('signedOut'));
    expect(robot.configured.at(-1)).toBeNull();
    app.stop();
  });

  it('gives the robot the user without groups when their groups cannot be loaded', async () => {
    const { app, robot } = startApp({ signedIn: true, groups: () => Promise.reject(new Error('Your groups could not be loaded.')) });
    await waitFor(app, (snapshot) => snapshot.matches('signedIn'));
    expect(robot.configured).toEqual([{ user: adminUser, groups: [], apiToken: 'token-ada' }]);
    app.stop();
  });

  it('ends the session when a response carries the force-logout signal', async () => {
    const { app, storage } = startApp({ signedIn: true });
    await waitFor(app, (snapshot) => snapshot.matches('signedIn'));
    app.send({ type: 'server.headers', appVersion: null, robotVersion: null, forceLogout: true });
    await waitFor(app.getSnapshot().context.session, (snapshot) => snapshot.matches('anonymous'));
    expect(storage.items.has(SESSION_KEYS.token)).toBe(false);
    app.stop();
  });

  it('ends the session when a key call answers 401', async () => {
    const { app } = startApp({ signedIn: true });
    await waitFor(app, (snapshot) => snapshot.matches('signedIn'));
    app.send({ type: 'server.unauthorized' });
    await waitFor(app.getSnapshot().context.session, (snapshot) => snapshot.matches('anonymous'));
    app.stop();
  });

  it('reloads the page with a cache buster once a newer app is published and the user is idle', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const { app, page, storage } = startApp({ appVersion: '1.5.0' });

    await vi.advanceTimersByTimeAsync(10_000 + 29_000);
    page.activity.dispatchEvent(new Event('keydown'));
    await vi.advanceTimersByTimeAsync(29_000);
    expect(page.location.replace).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1_000);
    await vi.runOnlyPendingTimersAsync();
    expect(page.location.replace).toHaveBeenCalledWith('https://app.xfilter.test/42/members?list=active&v=1.5.0');
    expect(storage.items.get(RELOAD_LOG_KEY)).toBe(String(Date.now()));
    app.stop();
  });

  it('asks the robot to reload when the server announces a newer robot than the one the robot reports', () => {
    const { app, robot } = startApp();
    robot.set({ presence: 'ready', robot_version: '2.4.0' });
    app.send({ type: 'server.headers', appVersion: '1.4.0', robotVersion: '2.5.0', forceLogout: false });
    expect(robot.reloads).toHaveLength(1);
    app.stop();
  });
});
