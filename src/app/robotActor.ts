import { createActor } from 'xstate';
import type { ApiClient } from '../api/client';
import type { RobotActor } from '../../machines/robot/actorRef';
import { robotMachine } from '../../machines/robot/machine';
import { accessToken, currentUser, sessionAccess } from '../../machines/session/selectors';
import type { Robot } from '../robot/protocol';
import type { GroupsSource } from '../api/groupsSource';
import type { SessionActor } from './sessionActor';

export type { RobotActor };

export interface RobotActorDeps {
  robot: Robot;
  api: ApiClient;
  /** The installed robot's version, for the version check (which reloads the extension when a newer one is published). */
  onRobotVersion(version: string): void;
}

/** The robot machine with the app's version check for its declared action. */
export function createRobotActor({ robot, api, onRobotVersion }: RobotActorDeps): RobotActor {
  const machine = robotMachine.provide({
    actions: {
      reportRobotVersion: (_, { version }) => {
        if (version) onRobotVersion(version);
      },
    },
  });
  return createActor(machine, { input: { robot, api } });
}

/**
 * Keeps the robot working for whoever is signed in: their user, groups and api token, or nobody
 * once they sign out. A session whose groups cannot be loaded still gives the robot its user.
 */
export function followSession(robotActor: RobotActor, session: SessionActor, groups: GroupsSource): () => void {
  let workingFor: string | null = null;
  const { unsubscribe } = session.subscribe((snapshot) => {
    const user = currentUser(snapshot);
    const token = sessionAccess(snapshot) === 'active' ? accessToken(snapshot) : null;
    const signedIn = user && token ? token : null;
    if (signedIn === workingFor) return;
    workingFor = signedIn;
    if (!user || !token) {
      robotActor.send({ type: 'session.changed', identity: null });
      return;
    }
    const configure = (userGroups: Awaited<ReturnType<GroupsSource['load']>>) => {
      if (workingFor === token) robotActor.send({ type: 'session.changed', identity: { user, groups: userGroups, apiToken: token } });
    };
    groups.load(token).then(configure, () => configure([]));
  });
  return unsubscribe;
}
