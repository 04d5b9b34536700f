import { assertEvent, assign, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { ApiClient } from '../../src/api/client';
import type { Robot } from '../../src/robot/protocol';
import type { User } from '../session/actors';
import { robotMachine } from '../robot/machine';
import { sessionMachine, type SessionEmitted } from '../session/machine';
import type { SessionStore } from '../session/sessionStore';
import type { ReloadLog } from '../versionCheck/reloadLog';
import { versionCheckMachine } from '../versionCheck/machine';
import { listenToRobotVersion, listenToSession, loadUserGroups, watchUserActivity, type Group } from './actors';

export interface AppMachineInput {
  api: ApiClient;
  store: SessionStore;
  robot: Robot;
  runningAppVersion: string;
  reloadLog: ReloadLog;
}

export type AppEvent =
  | SessionEmitted
  | { type: 'robot.versionReported'; version: string }
  | { type: 'user.activity' }
  /** Every API response's headers: the published versions, and whether the session must end. */
  | { type: 'server.headers'; appVersion: string | null; robotVersion: string | null; forceLogout: boolean }
  /** A key call answered 401 (part 1 §4 Session). */
  | { type: 'server.unauthorized' };

/** Who the robot works for: the signed-in user and their token. */
interface SignedIn {
  user: User;
  token: string;
}

/** The system ids under which the app's long-lived actors can be found (`system.get(...)`). */
export const APP_SYSTEM_IDS = { session: 'session', robot: 'robot', versionCheck: 'versionCheck' } as const;

/**
 * The root of the app's actors: it spawns the session, the robot and the version check, and carries
 * what one tells another. The session's sign-in puts the robot to work for that user (with their
 * groups), the robot's version and the server's headers reach the version check, and the server's
 * force-logout or 401 on a key call reaches the session.
 */
export const appMachine = setup({
  types: {
    context: {} as {
      api: ApiClient;
      session: ActorRefFrom<typeof sessionMachine>;
      robot: ActorRefFrom<typeof robotMachine>;
      versionCheck: ActorRefFrom<typeof versionCheckMachine>;
      signedIn: SignedIn | null;
    },
    events: {} as AppEvent,
    input: {} as AppMachineInput,
  },
  actors: { session: sessionMachine, robot: robotMachine, versionCheck: versionCheckMachine, loadUserGroups, listenToSession, listenToRobotVersion, watchUserActivity },
  guards: {
    mustLogOut: ({ event }) => event.type === 'server.headers' && event.forceLogout,
  },
  actions: {
    rememberSignedIn: assign((_, signedIn: SignedIn) => ({ signedIn })),
    forgetSignedIn: assign({ signedIn: null }),
    robotWorksFor: sendTo(
      ({ context }) => context.robot,
      ({ context }, { groups }: { groups: Group[] }) => ({
        type: 'session.changed' as const,
        identity: context.signedIn ? { user: context.signedIn.user, groups, apiToken: context.signedIn.token } : null,
      }),
    ),
    robotWorksForNobody: sendTo(({ context }) => context.robot, { type: 'session.changed' as const, identity: null }),
    tellVersionCheckServerVersions: sendTo(
      ({ context }) => context.versionCheck,
      (_, { appVersion, robotVersion }: { appVersion: string | null; robotVersion: string | null }) => ({ type: 'server.versions' as const, appVersion, robotVersion }),
    ),
    tellVersionCheckRobotVersion: sendTo(
      ({ context }) => context.versionCheck,
      (_, { version }: { version: string }) => ({ type: 'robot.versionReported' as const, version }),
    ),
    tellVersionCheckActivity: sendTo(({ context }) => context.versionCheck, { type: 'user.activity' as const }),
    endSessionForced: sendTo(({ context }) => context.session, { type: 'server.forceLogout' as const }),
    endSessionUnauthorized: sendTo(({ context }) => context.session, { type: 'server.unauthorized' as const }),
  },
}).createMachine({
  id: 'app',
  context: ({ input, spawn }) => ({
    api: input.api,
    session: spawn('session', { id: 'session', systemId: APP_SYSTEM_IDS.session, input: { api: input.api, store: input.store } }),
    robot: spawn('robot', { id: 'robot', systemId: APP_SYSTEM_IDS.robot, input: { robot: input.robot, api: input.api } }),
    versionCheck: spawn('versionCheck', {
      id: 'versionCheck',
      systemId: APP_SYSTEM_IDS.versionCheck,
      input: { runningAppVersion: input.runningAppVersion, api: input.api, reloadLog: input.reloadLog },
    }),
    signedIn: null,
  }),
  invoke: [
    { id: 'listenToSession', src: 'listenToSession', input: ({ context }) => ({ session: context.session }) },
    { id: 'listenToRobotVersion', src: 'listenToRobotVersion', input: ({ context }) => ({ robot: context.robot }) },
    { id: 'watchUserActivity', src: 'watchUserActivity' },
  ],
  on: {
    'server.headers': [
      {
        guard: 'mustLogOut',
        actions: [{ type: 'tellVersionCheckServerVersions', params: ({ event }) => event }, 'endSessionForced'],
      },
      { actions: { type: 'tellVersionCheckServerVersions', params: ({ event }) => event } },
    ],
    'server.unauthorized': { actions: 'endSessionUnauthorized' },
    'robot.versionReported': { actions: { type: 'tellVersionCheckRobotVersion', params: ({ event }) => event } },
    'user.activity': { actions: 'tellVersionCheckActivity' },
    'session.signedIn': {
      target: '.loadingGroups',
      reenter: true,
      actions: { type: 'rememberSignedIn', params: ({ event }) => ({ user: event.user, token: event.token }) },
    },
    'session.signedOut': { target: '.signedOut', actions: ['forgetSignedIn', 'robotWorksForNobody'] },
  },
  initial: 'signedOut',
  states: {
    signedOut: {},
    /** The robot works for the user once their groups are known; a user whose groups cannot be loaded still gets it, with none. */
    loadingGroups: {
      invoke: {
        id: 'loadUserGroups',
        src: 'loadUserGroups',
        input: ({ context, event }) => {
          assertEvent(event, 'session.signedIn');
          return { api: context.api, token: event.token };
        },
        onDone: { target: 'signedIn', actions: { type: 'robotWorksFor', params: ({ event }) => ({ groups: event.output }) } },
        onError: { target: 'signedIn', actions: { type: 'robotWorksFor', params: { groups: [] } } },
      },
    },
    signedIn: {},
  },
});
