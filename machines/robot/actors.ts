import { fromCallback, fromPromise, type ActorRef, type Snapshot } from 'xstate';
import type { ApiClient } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import {
  RobotError,
  type Robot,
  type RobotArgs,
  type RobotCommandName,
  type RobotProgress,
  type RobotState,
} from '../../src/robot/protocol';
import type { RobotEmitted } from './machine';
import type { ScheduledRun } from './schedule';

type Schemas = components['schemas'];
export type ExtensionJob = Schemas['ExtensionJob'];
export type ScheduledJob = Schemas['ScheduledJob'];

/** A command to run, with its arguments. */
export type RobotCommandRequest = { [C in RobotCommandName]: { command: C; args: RobotArgs<C> } }[RobotCommandName];

export type RobotErrorCode = RobotError['code'];

/** What the robot reports, as events for the machine. */
export type RobotReport =
  | { type: 'robot.detected'; version: string | null; outdated: boolean }
  | { type: 'robot.lost'; reason: 'notInstalled' | 'disconnected' }
  | { type: 'robot.versionReported'; version: string };

/** What a running command reports back. */
export type CommandReport =
  | { type: 'robot.command.progress'; progress: RobotProgress }
  | { type: 'robot.command.done'; command: RobotCommandName }
  | { type: 'robot.command.failed'; command: RobotCommandName; code: RobotErrorCode; message: string };

function presenceReport(state: RobotState): RobotReport | null {
  switch (state.presence) {
    case 'ready':
    case 'outdated':
      return { type: 'robot.detected', version: state.robot_version, outdated: state.presence === 'outdated' };
    case 'notInstalled':
    case 'disconnected':
      return { type: 'robot.lost', reason: state.presence };
    default:
      return null;
  }
}

/**
 * Follows the robot: a change of presence is reported as detected or lost, and a new robot
 * version while it stays installed (the extension reloaded) as versionReported.
 */
export const watchRobot = fromCallback<RobotReport, { robot: Robot }>(({ input, sendBack }) => {
  let last = input.robot.getState();
  const initial = presenceReport(last);
  if (initial) sendBack(initial);
  return input.robot.subscribe((state) => {
    const previous = last;
    last = state;
    if (state.presence !== previous.presence) {
      const report = presenceReport(state);
      if (report) sendBack(report);
    } else if (state.robot_version && state.robot_version !== previous.robot_version) {
      sendBack({ type: 'robot.versionReported', version: state.robot_version });
    }
  });
});

function failureOf(error: unknown): { code: RobotErrorCode; message: string } {
  if (error instanceof RobotError) return { code: error.code, message: error.message };
  return { code: 'failed', message: error instanceof Error ? error.message : String(error) };
}

/** Runs one robot command, reporting its progress and how it ended; stopping the actor cancels it. */
export const runRobotCommand = fromCallback<CommandReport, { robot: Robot; request: RobotCommandRequest }>(({ input, sendBack }) => {
  const controller = new AbortController();
  const { command, args } = input.request;
  // The request pairs each command with its own arguments; TypeScript cannot follow that pairing through the union.
  input.robot
    .run(command, args as RobotArgs<typeof command>, { signal: controller.signal, onProgress: (progress) => sendBack({ type: 'robot.command.progress', progress }) })
    .then(
      () => sendBack({ type: 'robot.command.done', command }),
      (error: unknown) => {
        if (!controller.signal.aborted) sendBack({ type: 'robot.command.failed', command, ...failureOf(error) });
      },
    );
  return () => controller.abort();
});

export interface RobotJobs {
  active: ExtensionJob[];
  scheduled: ScheduledJob[];
}

export type RobotJobsLookup = { kind: 'loaded'; jobs: RobotJobs } | { kind: 'unavailable' };

/** GET /robot/jobs: the active and scheduled jobs of the user's groups; a failure leaves what was known. */
export const fetchRobotJobs = fromPromise<RobotJobsLookup, { api: ApiClient }>(async ({ input, signal }) => {
  try {
    const { data } = await input.api.GET('/robot/jobs', { signal });
    return data ? { kind: 'loaded', jobs: { active: data.active_jobs, scheduled: data.scheduled_jobs } } : { kind: 'unavailable' };
  } catch {
    return { kind: 'unavailable' };
  }
});

/** What a listener hears of the robot's jobs. */
export type RobotJobReport = Extract<RobotEmitted, { type: 'robot.job.started' | 'robot.job.finished' }>;

/**
 * Hears the robot announce the jobs it starts and finishes, for as long as the state that invokes
 * it lasts: how a workflow follows the robot without keeping a copy of its state.
 */
export const listenToRobotJobs = fromCallback<RobotJobReport, { robotRef: ActorRef<Snapshot<unknown>, never, RobotEmitted> }>(({ input, sendBack }) => {
  const started = input.robotRef.on('robot.job.started', sendBack);
  const finished = input.robotRef.on('robot.job.finished', sendBack);
  return () => {
    started.unsubscribe();
    finished.unsubscribe();
  };
});

/** A scheduled run with its command ready to start, or why it could not start. */
export type ScheduledRunPreparation = { kind: 'ready'; request: RobotCommandRequest } | { kind: 'failed'; command: ScheduledRun['name']; message: string };

const SETTINGS_UNAVAILABLE = "The scheduled Sync Engagements did not start: the group's sync settings could not be loaded.";

/**
 * The command of a scheduled run (spec part 2 §7): Sync Members takes the group's fields, Sync
 * Engagements also the group's settings, read from GET /groups/{id}/settings when it is due.
 */
export const prepareScheduledRun = fromPromise<ScheduledRunPreparation, { api: ApiClient; run: ScheduledRun }>(async ({ input, signal }) => {
  const { group, name } = input.run;
  if (name === 'fetch_group_members') return { kind: 'ready', request: { command: name, args: group } };
  try {
    const { data } = await input.api.GET('/groups/{id}/settings', { params: { path: { id: group.id } }, signal });
    return data ? { kind: 'ready', request: { command: name, args: { ...group, settings: data.settings } } } : { kind: 'failed', command: name, message: SETTINGS_UNAVAILABLE };
  } catch {
    return { kind: 'failed', command: name, message: SETTINGS_UNAVAILABLE };
  }
});
