import type { SnapshotFrom } from 'xstate';
import type { GroupJobStatus, NextScheduledRun, RobotIndicator } from './indicator';
import type { RobotJobName, RobotPresence } from '../../src/robot/protocol';
import { commandJob, type CommandFailure, type robotMachine } from './machine';
import type { ScheduledJobName } from './schedule';

export type RobotSnapshot = SnapshotFrom<typeof robotMachine>;

/** What each robot job is called while it runs (spec part 1 §2 Members): the group's pages announce it, and the actions it closes name it. */
export const ROBOT_JOB_TITLES: Record<RobotJobName, string> = {
  fetch_group_members: 'Syncing Members...',
  fetch_group_posts: 'Syncing Engagements...',
  remove_group_members: 'Removing Members...',
};

const PRESENCES: RobotPresence[] = ['ready', 'outdated', 'notInstalled', 'disconnected'];

export function robotPresence(snapshot: RobotSnapshot): RobotPresence {
  return PRESENCES.find((presence) => snapshot.matches({ presence })) ?? 'detecting';
}

/** What the scheduled jobs are called (spec part 2 §4 Scheduling: Sync Engagements can run after Sync Members). */
export const SCHEDULED_JOB_TITLES: Record<ScheduledJobName, string> = {
  fetch_group_members: 'Sync Members',
  fetch_group_posts: 'Sync Engagements',
};

/** The scheduled job the robot runs next, while it is ready to run it; none while the one due gets ready to start. */
export function nextScheduledRun(snapshot: RobotSnapshot): NextScheduledRun | null {
  const run = snapshot.context.scheduledRun;
  if (!run || robotPresence(snapshot) !== 'ready' || snapshot.matches({ jobs: 'preparingScheduledRun' })) return null;
  return { job: SCHEDULED_JOB_TITLES[run.name], groupName: run.group.name, at: run.at > run.plannedAt ? new Date(run.at).toISOString() : null };
}

/** The sidebar's robot line: its version when installed, otherwise why it cannot be used; the next scheduled run under it. */
export function robotIndicator(snapshot: RobotSnapshot): RobotIndicator {
  return { presence: robotPresence(snapshot), version: snapshot.context.robotVersion, nextRun: nextScheduledRun(snapshot) };
}

/** A command can start while the robot is ready and no other command runs. */
export function canStartCommand(snapshot: RobotSnapshot): boolean {
  return snapshot.can({ type: 'robot.command.start', request: { command: 'fetch_user_groups', args: {} } });
}

export function isRunningCommand(snapshot: RobotSnapshot): boolean {
  return snapshot.matches({ presence: { ready: 'running' } });
}

export function lastCommandFailure(snapshot: RobotSnapshot): CommandFailure | null {
  return snapshot.context.lastFailure;
}

/** Why the robot cannot take a command now: not there yet, not usable, or running another one. */
export type RobotUnavailability = Exclude<RobotPresence, 'ready'> | 'busy';

export function robotUnavailability(snapshot: RobotSnapshot): RobotUnavailability | null {
  const presence = robotPresence(snapshot);
  if (presence !== 'ready') return presence;
  return canStartCommand(snapshot) ? null : 'busy';
}

/**
 * The robot job running for a group: the command this page started, with its live progress,
 * else an active job the server knows of (run by the extension in the background or in another tab).
 */
export function groupJobStatus(snapshot: RobotSnapshot, groupId: number): GroupJobStatus | null {
  const { command, progress, jobs } = snapshot.context;
  const own = isRunningCommand(snapshot) ? commandJob(command) : null;
  if (own?.groupId === groupId) return { name: own.name, done: progress?.done ?? 0, total: progress?.total ?? null };
  const job = jobs.active.find((candidate) => candidate.group_id === groupId && (candidate.status === 'running' || candidate.status === 'pending'));
  return job ? { name: job.name, done: job.progress, total: job.total } : null;
}
