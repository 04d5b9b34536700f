import type { RobotJobName, RobotPresence } from '../../src/robot/protocol';

/** What the shell shows about the robot (the browser extension). */
export interface RobotIndicator {
  presence: RobotPresence;
  /** The installed robot's version; shown in the sidebar when installed. */
  version: string | null;
  /** The scheduled job the ready robot runs next; null when none is scheduled or the robot cannot run it. */
  nextRun: NextScheduledRun | null;
}

/** The next scheduled run, under the robot's version: 'Next run: Mon 07:35 UTC', 'Sync Members, Trail Runners Club'. */
export interface NextScheduledRun {
  /** The job's name in the schedule (spec part 2 §4): 'Sync Members' or 'Sync Engagements'. */
  job: string;
  groupName: string;
  /** When it runs (ISO, UTC like the schedule's times); null when it is due and waits for the robot to be free. */
  at: string | null;
}

/** A robot job running for the current group: 'Syncing Members...' and its progress. */
export interface GroupJobStatus {
  name: RobotJobName;
  done: number;
  /** Null while the robot does not know the total yet. */
  total: number | null;
}
