import { answering, type MachineStories } from '../../../.storybook/machineStories';
import { silentRobot, unreachableApi } from '../../../.storybook/storyRobot';
import { robotMachine } from '../../../machines/robot/machine';
import { groupJobStatus, robotIndicator } from '../../../machines/robot/selectors';
import type { RobotJobName } from '../../robot/protocol';
import { ROBOT_EVENTS, ROBOT_GROUP, ROBOT_JOB_LOOKUPS, ROBOT_NOW, SCHEDULED_RUN_PREPARATIONS } from './fixtures';

const JOB_WORDS: Record<RobotJobName, string> = {
  fetch_group_members: 'syncing',
  fetch_group_posts: 'syncing engagements',
  remove_group_members: 'removing',
};

/**
 * The robot as the shell shows it, in each state the robot machine can reach: the sidebar's robot
 * line and the job notice of the group's pages. The jobs region shows only through the notice.
 */
export const robotStories: MachineStories<typeof robotMachine> = {
  machine: robotMachine,
  input: { robot: silentRobot, api: unreachableApi, now: () => ROBOT_NOW },
  events: Object.values(ROBOT_EVENTS).flat(),
  outcomes: { fetchRobotJobs: answering(ROBOT_JOB_LOOKUPS), prepareScheduledRun: answering(SCHEDULED_RUN_PREPARATIONS) },
  shows: (snapshot) => {
    const { presence, version } = robotIndicator(snapshot);
    // The robot line names the version of a robot it can talk to, and only then.
    const shown = presence === 'ready' || presence === 'outdated' ? version : null;
    return { robot: { presence, version: shown, nextRun: robotIndicator(snapshot).nextRun }, job: groupJobStatus(snapshot, ROBOT_GROUP.id) };
  },
  region: 'presence',
  variant: (snapshot) => {
    const job = groupJobStatus(snapshot, ROBOT_GROUP.id);
    const { presence, version } = robotIndicator(snapshot);
    const shown = presence === 'ready' || presence === 'outdated' ? version : null;
    const jobPart = job && `${JOB_WORDS[job.name]} ${job.done} of ${job.total ?? 'unknown'}`;
    const nextRunPart = robotIndicator(snapshot).nextRun && 'next run due';
    return [shown && `version ${shown}`, jobPart, nextRunPart].filter(Boolean).join(' ');
  },
};
