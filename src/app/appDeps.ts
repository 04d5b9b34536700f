import type { ApiClient } from '../api/client';
import type { AppConfig } from '../config';
import type { FacebookWindow } from '../identity/facebookIdentity';
import type { Robot } from '../robot/protocol';
import type { CurrentGroupMemory } from './currentGroupMemory';
import type { GroupsStore } from '../api/groupsSource';
import type { NoticeBoard } from './notices';
import type { RobotActor } from '../../machines/robot/actorRef';
import type { SessionActor } from './sessionActor';

/** What the routes need; the page builds the real ones, tests build their own. */
export interface AppDeps {
  api: ApiClient;
  session: SessionActor;
  groups: GroupsStore;
  currentGroup: CurrentGroupMemory;
  notices: NoticeBoard;
  /** The robot: the sandbox robot in sandbox mode, else the bridge to the installed extension. */
  robot: Robot;
  /** The robot statechart: whether the robot is there, the command it runs, the jobs of the user's groups. */
  robotActor: RobotActor;
  /** The page the social network's login SDK is loaded into. */
  identityPage: FacebookWindow;
  config: AppConfig;
  /** The version of this build, shown under the pages outside the shell. */
  runningAppVersion: string;
  /** The logo's action: reload the app and the extension. */
  reloadApp(): void;
}
