import type { components } from '../api/schema';

type Schemas = components['schemas'];

export type ExtensionJob = Schemas['ExtensionJob'];
export type ExtensionState = Schemas['ExtensionState'];
export type NetworkGroup = Schemas['NetworkGroup'];
export type NetworkPost = Schemas['NetworkPost'];
export type EngagementSyncSettings = Schemas['EngagementSyncSettings'];
export type UserGroup = Schemas['UserGroup'];
export type OnboardingPermission = Schemas['OnboardingPermission'];
export type RobotJobName = ExtensionJob['name'];

/** A group as the app names it to the robot (spec part 2 §7: id, name, fb_group_id, fb_slug). */
export type RobotGroupArgs = Pick<Schemas['Group'], 'id' | 'name' | 'fb_group_id' | 'fb_slug'>;

/** A member the robot is asked to remove (spec part 2 §7: id, fb_user_id, name). */
export interface RobotMemberArgs {
  id: number;
  fb_user_id: string;
  name: string;
}

/**
 * The robot's commands, each with its arguments and what it answers once done. The robot posts what
 * it scans to the server's robot-ingestion calls itself; the answers only say what happened.
 */
export interface RobotCommands {
  /** Onboarding: the groups the signed-in person belongs to, with their role; stored through POST /robot/user_groups. */
  fetch_user_groups: { args: Record<string, never>; result: { groups: UserGroup[]; scanned: NetworkGroup[] } };
  /** Onboarding: the group's admins, stored through POST /robot/groups/{id}/owners; answers the confirm-ownership state after the scan. */
  fetch_group_owners: { args: RobotGroupArgs; result: { admins: number; permissions: OnboardingPermission } };
  /** Scans every member of the group as one robot job. */
  fetch_group_members: { args: RobotGroupArgs; result: { job_id: number; members: number } };
  /** Scans posts with their reactions and comments, as far back as the settings say. */
  fetch_group_posts: { args: RobotGroupArgs & { settings: EngagementSyncSettings }; result: { job_id: number; posts: number } };
  /** Removes the members from the group on the social network. */
  remove_group_members: { args: RobotGroupArgs & { members: RobotMemberArgs[] }; result: { job_id: number; removed: number } };
}

export type RobotCommandName = keyof RobotCommands;
export type RobotArgs<C extends RobotCommandName> = RobotCommands[C]['args'];
export type RobotResult<C extends RobotCommandName> = RobotCommands[C]['result'];

/** Progress of a running command, for the 'Syncing Members...' notices and the onboarding steps. */
export interface RobotProgress {
  command: RobotCommandName;
  groupId: number | null;
  done: number;
  /** Null while the robot does not know the total yet. */
  total: number | null;
}

/** Who the robot works for: the extension is given the user, their groups and the api token (part 2 §7). */
export interface RobotIdentity {
  user: Schemas['User'];
  groups: Schemas['Group'][];
  apiToken: string;
}

/**
 * Whether the robot can take commands: still being looked for, no extension answered, an extension
 * below the minimum robot version, ready, or (sandbox) disconnected by the lab.
 */
export type RobotPresence = 'detecting' | 'notInstalled' | 'outdated' | 'ready' | 'disconnected';

/** The extension state as the robot itself knows it; active and scheduled jobs come from GET /robot/jobs. */
export interface RobotState extends ExtensionState {
  presence: RobotPresence;
}

/** A robot: the installed browser extension over postMessage, or the sandbox robot in the page. */
export interface Robot {
  /** What the shell shows: whether it answers, its versions. */
  getState(): RobotState;
  subscribe(listener: (state: RobotState) => void): () => void;
  configure(identity: RobotIdentity | null): void;
  run<C extends RobotCommandName>(
    command: C,
    args: RobotArgs<C>,
    options?: { signal?: AbortSignal; onProgress?: (progress: RobotProgress) => void },
  ): Promise<RobotResult<C>>;
  /** Reloads the extension (a newer robot version was announced, or the logo was clicked). */
  reload(): void;
}

/** A command the robot could not carry out; `code` says why in a way the views can word. */
export class RobotError extends Error {
  constructor(
    readonly code: 'not_installed' | 'outdated' | 'disconnected' | 'failed' | 'aborted',
    message: string,
  ) {
    super(message);
  }
}
