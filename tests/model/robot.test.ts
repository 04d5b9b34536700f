import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, SimulatedClock, type EventObject, type SnapshotFrom } from 'xstate';
import { createApiClient } from '../../src/api/client';
import type { RobotJobsLookup, ScheduledRunPreparation } from '../../machines/robot/actors';
import type { ScheduledRun } from '../../machines/robot/schedule';
import { robotMachine, type RobotEvent } from '../../machines/robot/machine';
import { canStartCommand, groupJobStatus, isRunningCommand, lastCommandFailure, robotIndicator, robotPresence } from '../../machines/robot/selectors';
import { SPEC_JOB_NOTICES } from './memberListSpec';
import { RobotError } from '../../src/robot/protocol';
import { ROBOT_EVENTS, ROBOT_GROUP, ROBOT_IDENTITY, ROBOT_JOB_LOOKUPS, ROBOT_NOW, SCHEDULED_RUN_PREPARATIONS } from '../../src/app/shell/fixtures';
import { createDeferredActor, settle } from './support/deferredActor';
import { createMachineTestModel } from './support/machineTestModel';
import { assertModelIsComplete, findModelGaps } from './support/modelGuard';
import { actorDoneEvents, actorErrorEvent, delayedEvents, type ActorDoneEvent, type ActorErrorEvent, type DelayedEvent } from './support/modelEvents';
import { namePath } from './support/pathNames';
import { measurePathCoverage } from './support/pathCoverage';
import { advanceThroughDelay } from './support/simulatedTime';
import { createFakeRobot } from './robot/fakeRobot';
import { renderRobotScreen } from './robot/robotScreen';

type Snapshot = SnapshotFrom<typeof robotMachine>;
type ModelEvent = RobotEvent | DelayedEvent | ActorDoneEvent<RobotJobsLookup> | ActorDoneEvent<ScheduledRunPreparation> | ActorErrorEvent;

const GROUP = ROBOT_GROUP;
const jobLookups: RobotJobsLookup[] = Object.values(ROBOT_JOB_LOOKUPS);

/** Whoever starts a command and waits for the robot's reply. */
function requester() {
  const replies: EventObject[] = [];
  const actor = createActor(fromCallback(({ receive }) => receive((event) => void replies.push(event))));
  actor.start();
  return { actor, replies };
}
const modelRequester = requester();

const eventFixtures: { [Type in RobotEvent['type']]: Array<Extract<RobotEvent, { type: Type }>> } = {
  ...ROBOT_EVENTS,
  'robot.command.start': [
    ...ROBOT_EVENTS['robot.command.start'],
    { type: 'robot.command.start', request: { command: 'fetch_group_members', args: GROUP }, replyTo: modelRequester.actor },
  ],
};

const modelEvents: ModelEvent[] = [
  ...Object.values(eventFixtures).flat(),
  ...delayedEvents(robotMachine),
  ...actorDoneEvents('fetchRobotJobs', jobLookups),
  actorErrorEvent('fetchRobotJobs', new Error('the jobs call crashed')),
  // A run that cannot start has its own test below; the model starts the one that can.
  ...actorDoneEvents('prepareScheduledRun', [SCHEDULED_RUN_PREPARATIONS.ready]),
  actorErrorEvent('prepareScheduledRun', new Error('the settings call crashed')),
];

const unusedApi = createApiClient({
  baseUrl: 'http://api.invalid/api/v1',
  fetch: () => Promise.reject(new Error('the model provides fetchRobotJobs')),
});

const COMMAND_REPORTS = ['robot.command.progress', 'robot.command.done', 'robot.command.failed'];
const POLL_DELAY = 'xstate.after.pollInterval.robot.jobs.waitingToPoll';
const SCHEDULE_DELAY = 'xstate.after.untilScheduledRun.robot.jobs.waitingToPoll';

/** Events by what matters, without the identity's and the jobs' whole records. */
function labelRobotEvent(event: EventObject): string | undefined {
  if (event.type === 'session.changed') return (event as Extract<RobotEvent, { type: 'session.changed' }>).identity ? 'signed in' : 'signed out';
  if (event.type === 'robot.command.start') return `start ${(event as Extract<RobotEvent, { type: 'robot.command.start' }>).request.command}`;
  if (event.type === 'xstate.done.actor.fetchRobotJobs') {
    const lookup = (event as ModelEvent as ActorDoneEvent<RobotJobsLookup>).output;
    return `jobs ${lookup.kind === 'loaded' ? `loaded (${lookup.jobs.active.length} active, ${lookup.jobs.scheduled.length} scheduled)` : 'unavailable'}`;
  }
  if (event.type === 'xstate.done.actor.prepareScheduledRun') return `scheduled run ${(event as ModelEvent as ActorDoneEvent<ScheduledRunPreparation>).output.kind}`;
  return undefined;
}

/** The presence a robot report puts the robot in. */
function presenceReported(event: ModelEvent) {
  if (event.type === 'robot.detected') return (event as Extract<RobotEvent, { type: 'robot.detected' }>).outdated ? 'outdated' : 'ready';
  if (event.type === 'robot.lost') return (event as Extract<RobotEvent, { type: 'robot.lost' }>).reason;
  return null;
}

const model = createMachineTestModel(robotMachine, {
  input: { robot: createFakeRobot().robot, api: unusedApi, now: () => ROBOT_NOW },
  events: modelEvents,
  distinguishingContext: ({ context }) => ({
    robotVersion: context.robotVersion,
    progress: context.progress?.done ?? null,
    failed: context.lastFailure !== null,
    activeJobs: context.jobs.active.length,
    scheduledRun: context.scheduledRun?.name ?? null,
  }),
  // The robot reports only changes (a presence it is not in yet, a version it did not report yet),
  // and only a running command reports progress or an end.
  isPossible: (snapshot, event) => {
    const reported = presenceReported(event);
    if (reported) return robotPresence(snapshot) !== reported;
    if (event.type === 'robot.versionReported') return snapshot.context.robotVersion !== (event as { version: string }).version;
    if (COMMAND_REPORTS.includes(event.type)) return isRunningCommand(snapshot);
    // A scheduled run due before the next poll starts first: the poll's delay cannot end before it.
    if (event.type === POLL_DELAY) return !snapshot.can({ type: SCHEDULE_DELAY } as never);
    // A requester is only refused here: its accepted commands have their own tests below.
    if (event.type === 'robot.command.start' && 'replyTo' in event) return !canStartCommand(snapshot);
    return true;
  },
});
const paths = model.getShortestPaths();

function startSystem(now = ROBOT_NOW) {
  const clock = new SimulatedClock();
  clock.set(now);
  const fake = createFakeRobot();
  const jobsCall = createDeferredActor<RobotJobsLookup, { api: typeof unusedApi }>();
  const preparation = createDeferredActor<ScheduledRunPreparation, { api: typeof unusedApi; run: ScheduledRun }>();
  const reportRobotVersion = vi.fn<(version: string | null) => void>();
  const machine = robotMachine.provide({
    actors: { fetchRobotJobs: jobsCall.logic, prepareScheduledRun: preparation.logic },
    actions: { reportRobotVersion: (_, { version }) => reportRobotVersion(version) },
  });
  const actor = createActor(machine, { clock, input: { robot: fake.robot, api: unusedApi, now: () => clock.now() } });
  return { actor, clock, fake, jobsCall, preparation, reportRobotVersion };
}

type System = ReturnType<typeof startSystem>;
type ModelStep = { event: EventObject };

function expectSystemToMatch(system: System, expected: Snapshot) {
  const actual = system.actor.getSnapshot();
  expect(actual.value).toEqual(expected.value);
  expect(robotIndicator(actual)).toEqual(robotIndicator(expected));
  expect(lastCommandFailure(actual)).toEqual(lastCommandFailure(expected));
  expect(system.fake.configured.at(-1) ?? null).toEqual(expected.context.identity);
  const reported = system.reportRobotVersion.mock.calls.at(-1)?.[0] ?? null;
  expect(reported).toBe(expected.context.robotVersion);
  const job = groupJobStatus(expected, GROUP.id);
  expect(groupJobStatus(actual, GROUP.id)).toEqual(job);
  if (job) {
    expect(screen.getByRole('status', { name: SPEC_JOB_NOTICES[job.name] })).toBeInTheDocument();
  } else {
    expect(screen.queryByText(/Syncing|Removing/)).toBeNull();
  }
}

function expectRobotLine(text: string | RegExp) {
  expect(screen.getByText(text)).toBeInTheDocument();
}

function implementationFor(system: System) {
  const sendToSystem = async ({ event }: ModelStep) => {
    await act(async () => void system.actor.send(event as RobotEvent));
  };
  const inWorld = (change: () => void) => act(async () => change());
  return {
    states: {
      presence: (expected: Snapshot) => expectSystemToMatch(system, expected),
      'presence.detecting': () => expectRobotLine('Looking for the robot…'),
      'presence.notInstalled': () => {
        expect(screen.getByRole('link', { name: 'Extension is not installed' })).toHaveAttribute('href', '/onboarding');
      },
      'presence.outdated': (expected: Snapshot) => {
        const link = screen.getByRole('link', { name: new RegExp(`Robot ${expected.context.robotVersion} is outdated`) });
        expect(link).toHaveAttribute('href', '/onboarding/extension');
      },
      'presence.disconnected': () => expectRobotLine('Extension is not installed'),
      'presence.ready': (expected: Snapshot) => expectRobotLine(`Robot ${expected.context.robotVersion}`),
      'presence.ready.idle': () => {
        expect(canStartCommand(system.actor.getSnapshot())).toBe(true);
        expect(system.fake.waitingRuns()).toHaveLength(0);
      },
      'presence.ready.running': (expected: Snapshot) => {
        expect(isRunningCommand(system.actor.getSnapshot())).toBe(true);
        expect(canStartCommand(system.actor.getSnapshot())).toBe(false);
        // The page's scan and the scheduled Sync Engagements both run for the group.
        const run = system.fake.lastRun();
        expect(run.args).toMatchObject(GROUP);
        const unit = run.command === 'fetch_group_posts' ? 'posts' : 'members';
        const progress = expected.context.progress;
        expect(screen.getByText(progress ? `${progress.done} of ${progress.total?.toLocaleString('en-US')} ${unit}` : `0 ${unit} so far`)).toBeInTheDocument();
      },
      jobs: () => {},
      'jobs.signedOut': () => {
        expect(system.jobsCall.waitingRuns()).toBe(0);
        expect(system.actor.getSnapshot().context.jobs.active).toEqual([]);
      },
      'jobs.fetchingJobs': () => expect(system.jobsCall.waitingRuns()).toBe(1),
      'jobs.waitingToPoll': () => expect(system.jobsCall.waitingRuns()).toBe(0),
      'jobs.preparingScheduledRun': () => {
        expect(system.preparation.waitingRuns()).toBe(1);
        expect(screen.queryByText(/Next run/)).toBeNull();
      },
    },
    events: {
      'xstate.init': () => {
        renderRobotScreen(system.actor, GROUP.id);
        void act(() => void system.actor.start());
      },
      'robot.detected': ({ event }: ModelStep) => {
        const { version, outdated } = event as Extract<RobotEvent, { type: 'robot.detected' }>;
        return inWorld(() => system.fake.set({ presence: outdated ? 'outdated' : 'ready', robot_version: version }));
      },
      'robot.lost': ({ event }: ModelStep) => inWorld(() => system.fake.set({ presence: (event as Extract<RobotEvent, { type: 'robot.lost' }>).reason })),
      'robot.versionReported': ({ event }: ModelStep) =>
        inWorld(() => system.fake.set({ robot_version: (event as Extract<RobotEvent, { type: 'robot.versionReported' }>).version })),
      'robot.command.start': async (step: ModelStep) => {
        const { replyTo: _modelRequester, ...start } = step.event as Extract<RobotEvent, { type: 'robot.command.start' }>;
        if (!_modelRequester) return sendToSystem(step);
        const { actor, replies } = requester();
        await act(async () => void system.actor.send({ ...start, replyTo: actor }));
        expect(replies).toEqual([
          { type: 'robot.reply.failed', command: 'fetch_group_members', code: 'failed', message: 'The extension is not ready or is busy with another job.' },
        ]);
      },
      'robot.command.progress': ({ event }: ModelStep) =>
        inWorld(() => system.fake.lastRun().onProgress!((event as Extract<RobotEvent, { type: 'robot.command.progress' }>).progress)),
      'robot.command.done': () =>
        act(async () => {
          system.fake.lastRun().resolve({ job_id: 12, members: 2000 });
          await settle();
        }),
      'robot.command.failed': ({ event }: ModelStep) =>
        act(async () => {
          const { code, message } = event as Extract<RobotEvent, { type: 'robot.command.failed' }>;
          system.fake.lastRun().reject(new RobotError(code, message));
          await settle();
        }),
      'session.changed': async (step: ModelStep) => {
        await sendToSystem(step);
        expect(system.fake.configured.at(-1)).toEqual((step.event as Extract<RobotEvent, { type: 'session.changed' }>).identity);
      },
      ...Object.fromEntries(
        delayedEvents(robotMachine).map(({ type }) => [
          type,
          ({ event }: ModelStep) => act(async () => advanceThroughDelay(robotMachine, system.actor, system.clock, event)),
        ]),
      ),
      'xstate.done.actor.fetchRobotJobs': ({ event }: ModelStep) =>
        act(async () => {
          system.jobsCall.resolve((event as ModelEvent as ActorDoneEvent<RobotJobsLookup>).output);
          await settle();
        }),
      'xstate.error.actor.fetchRobotJobs': ({ event }: ModelStep) =>
        act(async () => {
          system.jobsCall.reject((event as ModelEvent as ActorErrorEvent).error);
          await settle();
        }),
      'xstate.done.actor.prepareScheduledRun': ({ event }: ModelStep) =>
        act(async () => {
          system.preparation.resolve((event as ModelEvent as ActorDoneEvent<ScheduledRunPreparation>).output);
          await settle();
        }),
      'xstate.error.actor.prepareScheduledRun': ({ event }: ModelStep) =>
        act(async () => {
          system.preparation.reject((event as ModelEvent as ActorErrorEvent).error);
          await settle();
        }),
      'robot.schedule.changed': async (step: ModelStep) => {
        await sendToSystem(step);
        expect(system.jobsCall.waitingRuns()).toBe(1);
      },
    },
  };
}

describe('robot model', () => {
  it('has an assertion for every state and an executor for every event', () => {
    assertModelIsComplete(robotMachine, implementationFor(startSystem()));
  });

  it('reports a state without an assertion and an event without an executor', () => {
    const { states, events } = implementationFor(startSystem());
    const { 'presence.outdated': _state, ...statesButOne } = states;
    const { 'robot.lost': _event, ...eventsButOne } = events;
    expect(findModelGaps(robotMachine, { states: statesButOne, events: eventsButOne })).toEqual([
      "state 'presence.outdated' has no assertion",
      "event 'robot.lost' has no executor",
    ]);
  });

  it('takes every transition and visits every state along its paths', () => {
    expect(measurePathCoverage(robotMachine, paths)).toEqual({ statesMissed: [], transitionsMissed: [] });
  });

  it.each(paths.map((path) => [namePath(path, labelRobotEvent), path] as const))('%s', async (_name, path) => {
    const system = startSystem();
    await path.test(implementationFor(system));
    system.actor.stop();
  });
});

describe("the robot's replies to whoever started a command", () => {
  function readyRobot() {
    const system = startSystem();
    system.fake.set({ presence: 'ready', robot_version: '2.4.0' });
    system.actor.start();
    return system;
  }
  const start = (system: System, replyTo: ReturnType<typeof requester>['actor']) =>
    system.actor.send({ type: 'robot.command.start', request: { command: 'fetch_group_members', args: GROUP }, replyTo });

  it('answers done once the command ends, and only then', async () => {
    const system = readyRobot();
    const { actor, replies } = requester();
    start(system, actor);
    expect(replies).toEqual([]);
    system.fake.lastRun().resolve({ job_id: 12, members: 2000 });
    await settle();
    expect(replies).toEqual([{ type: 'robot.reply.done', command: 'fetch_group_members' }]);
    system.actor.stop();
  });

  it("answers failed with the robot's own message when the command fails", async () => {
    const system = readyRobot();
    const { actor, replies } = requester();
    start(system, actor);
    system.fake.lastRun().reject(new RobotError('failed', 'The members of the group could not be read.'));
    await settle();
    expect(replies).toEqual([
      { type: 'robot.reply.failed', command: 'fetch_group_members', code: 'failed', message: 'The members of the group could not be read.' },
    ]);
    system.actor.stop();
  });

  it('answers failed when the extension goes away before the command ends', async () => {
    const system = readyRobot();
    const { actor, replies } = requester();
    start(system, actor);
    system.fake.set({ presence: 'disconnected' });
    await settle();
    expect(replies).toEqual([
      { type: 'robot.reply.failed', command: 'fetch_group_members', code: 'disconnected', message: 'The extension went away before the command ended.' },
    ]);
    system.actor.stop();
  });

  it('refuses a second requester while a command runs, and answers each requester about its own command only', async () => {
    const system = readyRobot();
    const first = requester();
    const second = requester();
    start(system, first.actor);
    start(system, second.actor);
    expect(second.replies).toEqual([
      { type: 'robot.reply.failed', command: 'fetch_group_members', code: 'failed', message: 'The extension is not ready or is busy with another job.' },
    ]);
    system.fake.lastRun().resolve({});
    await settle();
    expect(first.replies).toEqual([{ type: 'robot.reply.done', command: 'fetch_group_members' }]);
    expect(second.replies).toHaveLength(1);
    system.actor.stop();
  });
});

describe("the robot's job announcements", () => {
  function listeningRobot() {
    const system = startSystem();
    const heard: EventObject[] = [];
    system.actor.on('robot.job.started', (event) => void heard.push(event));
    system.actor.on('robot.job.finished', (event) => void heard.push(event));
    system.fake.set({ presence: 'ready', robot_version: '2.4.0' });
    system.actor.start();
    return { system, heard };
  }

  it('announces a job command it starts and its end, with the group and the job', async () => {
    const { system, heard } = listeningRobot();
    system.actor.send({ type: 'robot.command.start', request: { command: 'fetch_group_members', args: GROUP } });
    expect(heard).toEqual([{ type: 'robot.job.started', groupId: GROUP.id, name: 'fetch_group_members' }]);
    system.fake.lastRun().reject(new RobotError('failed', 'The members of the group could not be read.'));
    await settle();
    expect(heard).toEqual([
      { type: 'robot.job.started', groupId: GROUP.id, name: 'fetch_group_members' },
      { type: 'robot.job.finished', groupId: GROUP.id, name: 'fetch_group_members' },
    ]);
    system.actor.stop();
  });

  it('announces nothing for a command that is not a group job', () => {
    const { system, heard } = listeningRobot();
    system.actor.send({ type: 'robot.command.start', request: { command: 'fetch_user_groups', args: {} } });
    expect(heard).toEqual([]);
    system.actor.stop();
  });

  it("announces the server's active jobs as they appear and end, once each even while this page runs the same job", async () => {
    const { system, heard } = listeningRobot();
    system.actor.send({ type: 'session.changed', identity: ROBOT_IDENTITY });
    system.jobsCall.resolve(ROBOT_JOB_LOOKUPS.removing);
    await settle();
    expect(heard).toEqual([{ type: 'robot.job.started', groupId: GROUP.id, name: 'remove_group_members' }]);

    system.actor.send({ type: 'robot.command.start', request: { command: 'remove_group_members', args: { ...GROUP, members: [] } } });
    system.fake.lastRun().resolve({ job_id: 31, removed: 0 });
    await settle();
    expect(heard).toHaveLength(1);

    system.jobsCall.resolve({ kind: 'loaded', jobs: { active: [], scheduled: [] } });
    await settle();
    expect(heard).toEqual([
      { type: 'robot.job.started', groupId: GROUP.id, name: 'remove_group_members' },
      { type: 'robot.job.finished', groupId: GROUP.id, name: 'remove_group_members' },
    ]);
    system.actor.stop();
  });
});
