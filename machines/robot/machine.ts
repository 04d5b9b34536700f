import { and, assign, enqueueActions, not, setup, stateIn, type AnyActorRef } from 'xstate';
import type { ApiClient } from '../../src/api/client';
import type { Robot, RobotCommandName, RobotIdentity, RobotJobName, RobotProgress } from '../../src/robot/protocol';
import {
  fetchRobotJobs,
  prepareScheduledRun,
  runRobotCommand,
  watchRobot,
  type CommandReport,
  type RobotCommandRequest,
  type RobotErrorCode,
  type RobotJobs,
  type RobotJobsLookup,
  type RobotReport,
  type ScheduledRunPreparation,
} from './actors';
import { firedAt, firedSlotKey, isDueAfterWait, planScheduledRun, scheduledWait, type FiredSlots, type ScheduledRun } from './schedule';

export interface RobotMachineInput {
  robot: Robot;
  api: ApiClient;
  /** The robot's clock for its schedule; the browser's by default (a simulated one in tests). */
  now?: () => number;
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
  /** Who started the running command and waits for its reply. */
  replyTo: AnyActorRef | null;
  /** The active and scheduled jobs of the user's groups, from GET /robot/jobs. */
  jobs: RobotJobs;
  /** The jobs the robot last announced as running, so a change is announced once. */
  announcedJobs: RunningJob[];
  now: () => number;
  /** The scheduled job it runs next, worked out each time it waits for the next poll. */
  scheduledRun: ScheduledRun | null;
  firedSlots: FiredSlots;
  /** The moment the schedule's slots count from while the user is signed in; null before. */
  scheduleSince: number | null;
}

/** A job the robot runs for a group: a command started here, or an active job the server knows of. */
export interface RunningJob {
  groupId: number;
  name: RobotJobName;
}

/** The answer to whoever started a command with `replyTo`, once that command settles. */
export type RobotCommandReply =
  | { type: 'robot.reply.done'; command: RobotCommandName }
  | { type: 'robot.reply.failed'; command: RobotCommandName; code: RobotErrorCode; message: string };

/** What the robot tells anyone listening (`robotRef.on(...)`). */
export type RobotEmitted =
  | ({ type: 'robot.job.started' } & RunningJob)
  | ({ type: 'robot.job.finished' } & RunningJob)
  | { type: 'robot.versionReported'; version: string };

export type RobotEvent =
  | RobotReport
  | CommandReport
  | { type: 'robot.command.start'; request: RobotCommandRequest; replyTo?: AnyActorRef }
  | { type: 'session.changed'; identity: RobotIdentity | null }
  /** The group's schedule was saved: the robot reads the scheduled jobs again. */
  | { type: 'robot.schedule.changed' };

const NO_JOBS: RobotJobs = { active: [], scheduled: [] };

const JOB_COMMANDS: readonly string[] = ['fetch_group_members', 'fetch_group_posts', 'remove_group_members'] satisfies RobotJobName[];

/** The job a command runs for a group, if it is one of the group jobs. */
export function commandJob(command: RobotCommandRequest | null): RunningJob | null {
  if (!command || !JOB_COMMANDS.includes(command.command) || !('id' in command.args)) return null;
  return { groupId: command.args.id, name: command.command as RobotJobName };
}

/** The command running here and the server's running or pending jobs, each group's job named once. */
export function runningJobsOf(context: Pick<RobotContext, 'command' | 'jobs'>): RunningJob[] {
  const running: RunningJob[] = [];
  const add = (job: RunningJob) => {
    if (!running.some((known) => sameJob(known, job))) running.push(job);
  };
  const own = commandJob(context.command);
  if (own) add(own);
  for (const job of context.jobs.active) {
    if (job.status === 'running' || job.status === 'pending') add({ groupId: job.group_id, name: job.name });
  }
  return running;
}

const sameJob = (a: RunningJob, b: RunningJob) => a.groupId === b.groupId && a.name === b.name;

const REFUSED: Pick<CommandFailure, 'code' | 'message'> = {
  code: 'failed',
  message: 'The extension is not ready or is busy with another job.',
};

const DISCONNECTED: Pick<CommandFailure, 'code' | 'message'> = {
  code: 'disconnected',
  message: 'The extension went away before the command ended.',
};

type VersionEvent = Extract<RobotEvent, { type: 'robot.detected' | 'robot.versionReported' }>;

/** The robot went away or turned out outdated while a command ran: its requester hears it failed. */
const interrupted = {
  type: 'settleCommand',
  params: ({ context }: { context: RobotContext }) =>
    context.command ? ({ type: 'robot.reply.failed', command: context.command.command, ...DISCONNECTED } as const) : null,
} as const;

interface JobAnnouncer {
  emit(event: RobotEmitted): void;
  assign(patch: Pick<RobotContext, 'announcedJobs'>): void;
}

/** Announces the jobs that started and those that finished since the last announcement. */
function announce(enqueue: JobAnnouncer, announced: RunningJob[], running: RunningJob[]) {
  for (const job of running) {
    if (!announced.some((known) => sameJob(known, job))) enqueue.emit({ type: 'robot.job.started', ...job });
  }
  for (const job of announced) {
    if (!running.some((known) => sameJob(known, job))) enqueue.emit({ type: 'robot.job.finished', ...job });
  }
  enqueue.assign({ announcedJobs: running });
}

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
    emitted: {} as RobotEmitted,
  },
  actors: { watchRobot, runRobotCommand, fetchRobotJobs, prepareScheduledRun },
  delays: {
    pollInterval: 5_000,
    /** Until the next scheduled run, or until the robot looks at the schedule again. */
    untilScheduledRun: ({ context }) => scheduledWait(context.scheduledRun),
  },
  guards: {
    isOutdated: ({ event }) => event.type === 'robot.detected' && event.outdated,
    isDisconnected: ({ event }) => event.type === 'robot.lost' && event.reason === 'disconnected',
    isSignedIn: ({ event }) => event.type === 'session.changed' && event.identity !== null,
    hasRequester: ({ event }) => event.type === 'robot.command.start' && event.replyTo !== undefined,
    hasDueScheduledRun: ({ context }) => isDueAfterWait(context.scheduledRun),
    /** Scheduled jobs run while the robot is ready and runs nothing else. */
    isScheduledRunDue: and(['hasDueScheduledRun', stateIn({ presence: { ready: 'idle' } })]),
  },
  actions: {
    rememberRobotVersion: assign(({ context }, { version }: { version: string | null }) => ({ robotVersion: version ?? context.robotVersion })),
    rememberIdentity: assign((_, { identity }: { identity: RobotIdentity | null }) => ({ identity })),
    configureRobot: ({ context }) => context.robot.configure(context.identity),
    rememberCommand: assign((_, { request, replyTo }: { request: RobotCommandRequest; replyTo?: AnyActorRef }) => ({
      command: request,
      replyTo: replyTo ?? null,
      progress: null,
      lastFailure: null,
    })),
    rememberProgress: assign((_, { progress }: { progress: RobotProgress }) => ({ progress })),
    rememberFailure: assign((_, failure: CommandFailure) => ({ lastFailure: failure })),
    /**
     * The running command ended: its job is announced finished first, then whoever started it hears
     * how it ended, so a requester that waits for the reply has already heard the job end.
     */
    settleCommand: enqueueActions(({ context, enqueue }, reply: RobotCommandReply | null) => {
      announce(enqueue, context.announcedJobs, runningJobsOf({ ...context, command: null }));
      if (context.replyTo && reply) enqueue.sendTo(context.replyTo, reply);
      enqueue.assign({ command: null, replyTo: null, progress: null });
    }),
    refuseCommand: enqueueActions(({ enqueue }, { request, replyTo }: { request: RobotCommandRequest; replyTo?: AnyActorRef }) => {
      if (replyTo) enqueue.sendTo(replyTo, { type: 'robot.reply.failed', command: request.command, ...REFUSED } satisfies RobotCommandReply);
    }),
    announceJobs: enqueueActions(({ context, enqueue }) => announce(enqueue, context.announcedJobs, runningJobsOf(context))),
    rememberJobs: assign((_, { lookup }: { lookup: RobotJobsLookup }) => (lookup.kind === 'loaded' ? { jobs: lookup.jobs } : {})),
    forgetJobs: assign({ jobs: NO_JOBS, scheduledRun: null, scheduleSince: null }),
    planScheduledRun: assign(({ context }) => {
      const { jobs, identity, firedSlots, scheduleSince } = context;
      const { run, since } = planScheduledRun({ jobs: jobs.scheduled, groups: identity?.groups ?? [], fired: firedSlots, since: scheduleSince, now: context.now() });
      return { scheduledRun: run, scheduleSince: since };
    }),
    rememberFiredSlot: assign(({ context }) => {
      const run = context.scheduledRun!;
      return { firedSlots: { ...context.firedSlots, [firedSlotKey({ groupId: run.group.id, name: run.name })]: firedAt(run, context.now()) } };
    }),
    /** A scheduled run starts like any command, so it shows as running the same way; one that cannot start is reported as failed. */
    startScheduledRun: enqueueActions(({ enqueue }, preparation: ScheduledRunPreparation) => {
      if (preparation.kind === 'ready') enqueue.raise({ type: 'robot.command.start', request: preparation.request });
      else enqueue.assign({ lastFailure: { command: preparation.command, code: 'failed', message: preparation.message } });
    }),
    /** Told to the app, whose version check reloads the extension when a newer robot is published. */
    reportRobotVersion: enqueueActions(({ enqueue }, { version }: { version: string | null }) => {
      if (version) enqueue.emit({ type: 'robot.versionReported', version });
    }),
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
    replyTo: null,
    jobs: NO_JOBS,
    announcedJobs: [],
    now: input.now ?? (() => Date.now()),
    scheduledRun: null,
    firedSlots: {},
    scheduleSince: null,
  }),
  invoke: { id: 'watchRobot', src: 'watchRobot', input: ({ context }) => ({ robot: context.robot }) },
  on: {
    'robot.command.start': { guard: 'hasRequester', actions: { type: 'refuseCommand', params: ({ event }) => event } },
  },
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
                'robot.command.start': { target: 'running', actions: [{ type: 'rememberCommand', params: ({ event }) => event }, 'announceJobs'] },
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
                'robot.command.done': {
                  target: 'idle',
                  actions: { type: 'settleCommand', params: ({ event: { command } }) => ({ type: 'robot.reply.done', command }) },
                },
                'robot.command.failed': {
                  target: 'idle',
                  actions: [
                    { type: 'rememberFailure', params: ({ event: { command, code, message } }) => ({ command, code, message }) },
                    { type: 'settleCommand', params: ({ event: { command, code, message } }) => ({ type: 'robot.reply.failed', command, code, message }) },
                  ],
                },
                'robot.lost': [
                  { guard: 'isDisconnected', target: '#robot.presence.disconnected', actions: interrupted },
                  { target: '#robot.presence.notInstalled', actions: interrupted },
                ],
                'robot.detected': { guard: 'isOutdated', target: '#robot.presence.outdated', actions: [...takeRobotVersion, interrupted] },
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
            actions: [{ type: 'rememberIdentity', params: ({ event }) => event }, 'configureRobot', 'forgetJobs', 'announceJobs'],
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
            onDone: { target: 'waitingToPoll', actions: [{ type: 'rememberJobs', params: ({ event }) => ({ lookup: event.output }) }, 'announceJobs'] },
            onError: 'waitingToPoll',
          },
          on: { 'robot.schedule.changed': { target: 'fetchingJobs', reenter: true } },
        },
        waitingToPoll: {
          entry: 'planScheduledRun',
          after: {
            pollInterval: 'fetchingJobs',
            untilScheduledRun: { guard: 'isScheduledRunDue', target: 'preparingScheduledRun', actions: 'rememberFiredSlot' },
          },
          on: { 'robot.command.done': 'fetchingJobs', 'robot.command.failed': 'fetchingJobs', 'robot.schedule.changed': 'fetchingJobs' },
        },
        /** A scheduled job is due: its command is made ready (a Sync Engagements reads the group's settings) and started. */
        preparingScheduledRun: {
          invoke: {
            id: 'prepareScheduledRun',
            src: 'prepareScheduledRun',
            input: ({ context }) => ({ api: context.api, run: context.scheduledRun! }),
            onDone: { target: 'waitingToPoll', actions: { type: 'startScheduledRun', params: ({ event }) => event.output } },
            onError: 'waitingToPoll',
          },
          on: { 'robot.schedule.changed': 'fetchingJobs' },
        },
      },
    },
  },
});

export type RobotMachine = typeof robotMachine;
