import { fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import type { ApiClient } from '../../src/api/client';
import { failureReason } from '../../src/api/failureReason';
import type { components } from '../../src/api/schema';
import type { robotMachine } from '../robot/machine';
import type { SessionEmitted, sessionMachine } from '../session/machine';

export type Group = components['schemas']['Group'];

type SessionRef = ActorRefFrom<typeof sessionMachine>;
type RobotRef = ActorRefFrom<typeof robotMachine>;

/** GET /groups: the signed-in user's groups, which the robot scans for. */
export const loadUserGroups = fromPromise<Group[], { api: ApiClient; token: string }>(async ({ input, signal }) => {
  const { data, error, response } = await input.api.GET('/groups', { signal });
  if (!data) throw new Error(`Your groups could not be loaded. ${failureReason(error, response)}`);
  return data.groups;
});

/** Hears the session announce who signed in or out; stops listening with the app. */
export const listenToSession = fromCallback<SessionEmitted, { session: SessionRef }>(({ input, sendBack }) => {
  const signedIn = input.session.on('session.signedIn', sendBack);
  const signedOut = input.session.on('session.signedOut', sendBack);
  return () => {
    signedIn.unsubscribe();
    signedOut.unsubscribe();
  };
});

/** Hears the robot report its version, for the version check. */
export const listenToRobotVersion = fromCallback<{ type: 'robot.versionReported'; version: string }, { robot: RobotRef }>(({ input, sendBack }) => {
  const subscription = input.robot.on('robot.versionReported', sendBack);
  return () => subscription.unsubscribe();
});

/** The user touching the page, for the version check's idle timer. Supplied where the app runs (it needs the page). */
export const watchUserActivity = fromCallback<{ type: 'user.activity' }>(() => {});
