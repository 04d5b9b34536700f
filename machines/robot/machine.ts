import { assign, not, setup } from 'xstate';
import type { ApiClient } from '../../src/api/client';
import type { Robot, RobotCommandName, RobotIdentity, RobotProgress } from '../../src/robot/protocol';
import {
  fetchRobotJobs,
  runRobotCommand,
  watchRobot,
  type CommandReport,
  type RobotCommandRequest,
  type RobotErrorCode,
  type RobotJobs,
  type RobotJobsLookup,
  type RobotReport,
} from './actors';

export interface RobotMachineInput {
  robot: Robot;
  api: ApiClient;
}

export interface CommandFailure {
  command: RobotCommandName;
  code: RobotErrorCode;
  message: string;
}

export interface RobotContext {
  robot: Robot;
  api: ApiClient;
  identity: RobotIdentity | null;
  /** The installed robot's version, as it last reported it. */
  robotVersion: string | null;
  /** The command running now (ready.running), its progress, and how the last one failed. */
  command: RobotCommandRequest | null;
  progress: RobotProgress | null;
  lastFailure: CommandFailure | null;
  /** The active and scheduled jobs of the user's groups, from GET /robot/jobs. */
  jobs: RobotJobs;
}

export type RobotEvent =
  | RobotReport
  | CommandReport
  | { type: 'robot.command.start'; request: RobotCommandRequest }
  | { type: 'session.changed'; identity: RobotIdentity | null };

const NO_JOBS: RobotJobs = { active: [], scheduled: [] };

type VersionEvent = Extract<RobotEvent, { type: 'robot.detected' | 'robot.versionReported' }>;

/** The robot said which version it runs: remember it and tell the version check. */
const takeRobotVersion = [
  { type: 'rememberRobotVersion', params: ({ event }: { event: VersionEvent }) => event },
  { type: 'reportRobotVersion', params: ({ event }: { event: VersionEvent }) => event },
] as const;

const detected = [
  { guard: 'isOutdated', target: 'outdated', actions: takeRobotVersion },
  { target: 'ready', actions: takeRobotVersion },
] as const;

const lost = [{ guard: 'isDisconnected', target: 'disconnected' }, { target: 'notInstalled' }] as const;

export const robotMachine = setup({
  types: {
    context: {} as RobotContext,
    events: {} as RobotEvent,
    input: {} as RobotMachineInput,
  },
  actors: { watchRobot, runRobotCommand, fetchRobotJobs },
  delays: { pollInterval: 5_000 },
  guards: {
    isOutdated: ({ event }) => event.type === 'robot.detected' && event.outdated,
    isDisconnected: ({ event }) => event.type === 'robot.lost' && event.reason === 'disconnected',
    isSignedIn: ({ event }) => event.type === 'session.changed' && event.identity !== null,
  },
  actions: {
    rememberRobotVersion: assign(({ context }, { version }: { version: string | null }) => ({ robotVersion: version ?? context.robotVersion })),
    rememberIdentity: assign((_, { identity }: { identity: RobotIdentity | null }) => ({ identity })),
    configureRobot: ({ context }) => context.robot.configure(context.identity),
    rememberCommand: assign((_, { request }: { request: RobotCommandRequest }) => ({ command: request, progress: null, lastFailure: null })),
    rememberProgress: assign((_, { progress }: { progress: RobotProgress }) => ({ progress })),
    rememberFailure: assign((_, failure: CommandFailure) => ({ lastFailure: failure })),
    forgetCommand: assign({ command: null, progress: null }),
    rememberJobs: assign((_, { lookup }: { lookup: RobotJobsLookup }) => (lookup.kind === 'loaded' ? { jobs: lookup.jobs } : {})),
    forgetJobs: assign({ jobs: NO_JOBS }),
    // Supplied where the machine runs: the version check reloads the extension when a newer robot is published.
    reportRobotVersion: (_, _params: { version: string | null }) => {},
  },
}).createMachine({
  id: 'robot',
  type: 'parallel',
  context: ({ input }) => ({
    robot: input.robot,
    api: input.api,
    identity: null,
    robotVersion: null,
    command: null,
    progress: null,
    lastFailure: null,
    jobs: NO_JOBS,
  }),
  invoke: { id: 'watchRobot', src: 'watchRobot', input: ({ context }) => ({ robot: context.robot }) },
  states: {
    presence: {
      initial: 'detecting',
      states: {
        detecting: {
          on: { 'robot.detected': detected, 'robot.lost': lost },
        },
        notInstalled: {
          on: { 'robot.detected': detected },
        },
        outdated: {
          on: {
            'robot.detected': { guard: not('isOutdated'), target: 'ready', actions: takeRobotVersion },
            'robot.lost': lost,
            'robot.versionReported': { actions: takeRobotVersion },
          },
        },
        disconnected: {
          on: { 'robot.detected': detected },
        },
        ready: {
          on: {
            'robot.detected': detected[0],
            'robot.lost': lost,
            'robot.versionReported': { actions: takeRobotVersion },
          },
          initial: 'idle',
          states: {
            idle: {
              on: {
                'robot.command.start': { target: 'running', actions: { type: 'rememberCommand', params: ({ event }) => event } },
              },
            },
            running: {
              invoke: {
                id: 'runRobotCommand',
                src: 'runRobotCommand',
                input: ({ context }) => ({ robot: context.robot, request: context.command! }),
              },
              on: {
                'robot.command.progress': { actions: { type: 'rememberProgress', params: ({ event }) => event } },
                'robot.command.done': { target: 'idle', actions: 'forgetCommand' },
                'robot.command.failed': {
                  target: 'idle',
                  actions: [{ type: 'rememberFailure', params: ({ event: { command, code, message } }) => ({ command, code, message }) }, 'forgetCommand'],
                },
              },
            },
          },
        },
      },
    },
    jobs: {
      initial: 'signedOut',
      on: {
        'session.changed': [
          {
            guard: 'isSignedIn',
            target: '.fetchingJobs',
            actions: [{ type: 'rememberIdentity', params: ({ event }) => event }, 'configureRobot'],
          },
          {
            target: '.signedOut',
            actions: [{ type: 'rememberIdentity', params: ({ event }) => event }, 'configureRobot', 'forgetJobs'],
          },
        ],
      },
      states: {
        signedOut: {},
        fetchingJobs: {
          invoke: {
            id: 'fetchRobotJobs',
            src: 'fetchRobotJobs',
            input: ({ context }) => ({ api: context.api }),
            onDone: { target: 'waitingToPoll', actions: { type: 'rememberJobs', params: ({ event }) => ({ lookup: event.output }) } },
            onError: 'waitingToPoll',
          },
        },
        waitingToPoll: {
          after: { pollInterval: 'fetchingJobs' },
          on: { 'robot.command.done': 'fetchingJobs', 'robot.command.failed': 'fetchingJobs' },
        },
      },
    },
  },
});

export type RobotMachine = typeof robotMachine;
