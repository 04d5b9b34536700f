import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { appMachine } from '../../../machines/app/machine';
import type { Group } from '../../../machines/app/actors';
import { isRobotWorkingForUser, robotRefOf, sessionRefOf, versionCheckRefOf } from '../../../machines/app/selectors';
import { createSessionStore, SESSION_KEYS } from '../../../machines/session/sessionStore';
import { createReloadLog } from '../../../machines/versionCheck/reloadLog';
import { createApiClient, type ApiClient } from '../../../src/api/client';
import { createFakeRobot } from '../../model/robot/fakeRobot';
import { adminUser, freeGroup } from '../support/sessionFixtures';
import { memoryStorage } from './support/appHarness';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function serverApi() {
  return createApiClient({
    baseUrl: 'http://xfilter.test/api/v1',
    fetch: async (request) => {
      const path = new URL(request.url).pathname;
      if (path.endsWith('/session')) return json({ user: adminUser, member: null, access_token: 'token-ada', switched_by: null });
      if (path.endsWith('/status')) return json({ app_version: '1.4.0', robot_version: '2.4.0', sandbox: true });
      return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
    },
  });
}

/** The app with a stored session for Ada; the groups load answers with what `groups` gives for the input it receives. */
function startApp({ signedIn = true, groups = async () => [freeGroup] }: { signedIn?: boolean; groups?: (input: { api: ApiClient; token: string }) => Promise<Group[]> } = {}) {
  const storage = memoryStorage(signedIn ? { [SESSION_KEYS.token]: 'token-ada', [SESSION_KEYS.termsAccepted]: '1' } : {});
  const api = serverApi();
  const robot = createFakeRobot();
  const app = createActor(appMachine.provide({ actors: { loadUserGroups: fromPromise(({ input }) => groups(input)) } }), {
    input: { api, store: createSessionStore(storage), robot: robot.robot, runningAppVersion: '1.4.0', reloadLog: createReloadLog(storage) },
  });
  app.start();
  return { app, api };
}

describe('the app machine: when the session ends', () => {
  it('keeps the user signed in when a server answer does not carry the force-logout signal', async () => {
    const { app } = startApp();
    await waitFor(app, (snapshot) => snapshot.matches('signedIn'));
    app.send({ type: 'server.headers', appVersion: '1.4.0', robotVersion: '2.4.0', forceLogout: false });
    app.send({ type: 'server.headers', appVersion: null, robotVersion: null, forceLogout: false });
    expect(app.getSnapshot().context.session.getSnapshot().matches('anonymous')).toBe(false);
    expect(app.getSnapshot().matches('signedIn')).toBe(true);
    app.stop();
  });
});

describe('the app machine: loading the signed-in user\'s groups', () => {
  it('loads the groups with the app\'s API client and the token of the user who signed in', async () => {
    const inputs: { api: ApiClient; token: string }[] = [];
    const { app, api } = startApp({
      groups: async (input) => {
        inputs.push(input);
        return [freeGroup];
      },
    });
    await waitFor(app, (snapshot) => snapshot.matches('signedIn'));
    expect(inputs).toHaveLength(1);
    expect(inputs[0].api).toBe(api);
    expect(inputs[0].token).toBe('token-ada');
    app.stop();
  });
});

describe('the app machine: its long-lived actors', () => {
  it('names the session, the robot and the version check as its children by those names', () => {
    const { app } = startApp({ signedIn: false });
    const snapshot = app.getSnapshot();
    expect(snapshot.children.session).toBe(snapshot.context.session);
    expect(snapshot.children.robot).toBe(snapshot.context.robot);
    expect(snapshot.children.versionCheck).toBe(snapshot.context.versionCheck);
    app.stop();
  });
});

describe('the app selectors', () => {
  it('give the session, the robot and the version check the app spawned', () => {
    const { app } = startApp({ signedIn: false });
    const snapshot = app.getSnapshot();
    expect(sessionRefOf(snapshot)).toBe(app.system.get('session'));
    expect(robotRefOf(snapshot)).toBe(app.system.get('robot'));
    expect(versionCheckRefOf(snapshot)).toBe(app.system.get('versionCheck'));
    expect(sessionRefOf(snapshot)).toBeDefined();
    expect(robotRefOf(snapshot)).toBeDefined();
    expect(versionCheckRefOf(snapshot)).toBeDefined();
    app.stop();
  });

  it('say the robot works for a user only once they are signed in with their groups loaded', async () => {
    let release: (groups: Group[]) => void = () => {};
    const { app } = startApp({ groups: () => new Promise<Group[]>((resolve) => (release = resolve)) });
    expect(isRobotWorkingForUser(app.getSnapshot())).toBe(false);
    await waitFor(app, (snapshot) => snapshot.matches('loadingGroups'));
    expect(isRobotWorkingForUser(app.getSnapshot())).toBe(false);
    release([freeGroup]);
    await waitFor(app, (snapshot) => snapshot.matches('signedIn'));
    expect(isRobotWorkingForUser(app.getSnapshot())).toBe(true);
    app.stop();
  });
});
