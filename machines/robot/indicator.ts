import type { RobotJobName, RobotPresence } from '../../src/robot/protocol';

/** What the shell shows about the robot (the browser extension). */
export interface RobotIndicator {
  presence: RobotPresence;
  /** The installed robot's version; shown in the sidebar when installed. */
  version: string | null;
}

/** A robot job running for the current group: 'Syncing Members...' and its progress. */
export interface GroupJobStatus {
  name: RobotJobName;
  done: number;
  /** Null while the robot does not know the total yet. */
  total: number | null;
}
