import { afterEach, describe, expect, it } from 'vitest';
import { createActor, createMachine, toPromise, type Actor, type ActorRef, type AnyActorLogic, type EventObject, type Snapshot } from 'xstate';
import { fetchRobotJobs, listenToRobotJobs, runRobotCommand, watchRobot, type ExtensionJob, type ScheduledJob } from '../../../machines/robot/actors';
import type { RobotEmitted } from '../../../machines/robot/machine';
import { createApiClient } from '../../../src/api/client';
import { RobotError, type RobotGroupArgs } from '../../../src/robot/protocol';
import { createFakeRobot } from '../../model/robot/fakeRobot';
import { BASE_URL, createFakeServer } from '../app/support/fakeServer';

const started: Array<Actor<AnyActorLogic>> = [];
afterEach(() => {
  started.splice(0).forEach((actor) => actor.stop());
});

/** A parent that invokes the callback actor under test and records every event it sends back. */
function invokedBy(logic: AnyActorLogic, input: unknown) {
  const reports: EventObject[] = [];
  const parent = createActor(
    createMachine({
      invoke: { id: 'child', src: logic, input },
      on: { '*': { actions: ({ event }) => void reports.push(event) } },
    }),
  );
  parent.start();
  started.push(parent as Actor<AnyActorLogic>);
  return { parent, reports };
}

const group: RobotGroupArgs = { id: 7, name: 'Backyard Beekeepers Circle', fb_group_id: '1234567890', fb_slug: 'backyard-beekeepers' };

describe('watchRobot', () => {
  it('reports the robot found at once, with its version', () => {
    const fake = createFakeRobot();
    fake.set({ presence: 'ready', robot_version: '2.4.0' });
    expect(invokedBy(watchRobot, { robot: fake.robot }).reports).toEqual([{ type: 'robot.detected', version: '2.4.0', outdated: false }]);
  });

  it('reports nothing while the robot is still looked for, then each change of presence', () => {
    const fake = createFakeRobot();
    const { reports } = invokedBy(watchRobot, { robot: fake.robot });
    expect(reports).toEqual([]);
    fake.set({ presence: 'outdated', robot_version: '1.9.0' });
    fake.set({ presence: 'notInstalled', robot_version: null });
    fake.set({ presence: 'disconnected' });
    fake.set({ presence: 'ready', robot_version: '2.4.0' });
    expect(reports).toEqual([
      { type: 'robot.detected', version: '1.9.0', outdated: true },
      { type: 'robot.lost', reason: 'notInstalled' },
      { type: 'robot.lost', reason: 'disconnected' },
      { type: 'robot.detected', version: '2.4.0', outdated: false },
    ]);
  });

  it('reports nothing when the robot goes back to being looked for', () => {
    const fake = createFakeRobot();
    fake.set({ presence: 'ready', robot_version: '2.4.0' });
    const { reports } = invokedBy(watchRobot, { robot: fake.robot });
    fake.set({ presence: 'detecting' });
    expect(reports).toEqual([{ type: 'robot.detected', version: '2.4.0', outdated: false }]);
  });

  it('reports a new robot version while the robot stays (the extension reloaded)', () => {
    const fake = createFakeRobot();
    fake.set({ presence: 'ready', robot_version: '2.4.0' });
    const { reports } = invokedBy(watchRobot, { robot: fake.robot });
    fake.set({ robot_version: '2.5.0' });
    expect(reports.slice(1)).toEqual([{ type: 'robot.versionReported', version: '2.5.0' }]);
  });

  it('reports no version when other fields change, nor when the version becomes unknown', () => {
    const fake = createFakeRobot();
    fake.set({ presence: 'ready', robot_version: '2.4.0' });
    const { reports } = invokedBy(watchRobot, { robot: fake.robot });
    fake.set({ extension_version: '1.8.3' });
    fake.set({ robot_version: null });
    expect(reports).toEqual([{ type: 'robot.detected', version: '2.4.0', outdated: false }]);
  });
});

describe('runRobotCommand', () => {
  const request = { command: 'fetch_group_members' as const, args: group };

  it('runs the command with its arguments, reporting its progress and its end', async () => {
    const fake = createFakeRobot();
    const { reports } = invokedBy(runRobotCommand, { robot: fake.robot, request });
    const run = fake.lastRun();
    expect([run.command, run.args]).toEqual(['fetch_group_members', group]);
    run.onProgress?.({ command: 'fetch_group_members', groupId: 7, done: 120, total: null });
    run.resolve({ job_id: 3, members: 120 });
    await Promise.resolve();
    expect(reports).toEqual([
      { type: 'robot.command.progress', progress: { command: 'fetch_group_members', groupId: 7, done: 120, total: null } },
      { type: 'robot.command.done', command: 'fetch_group_members' },
    ]);
  });

  it("reports the robot's own failure code and reason", async () => {
    const fake = createFakeRobot();
    const { reports } = invokedBy(runRobotCommand, { robot: fake.robot, request });
    fake.lastRun().reject(new RobotError('disconnected', 'The extension stopped answering.'));
    await Promise.resolve();
    expect(reports).toEqual([
      { type: 'robot.command.failed', command: 'fetch_group_members', code: 'disconnected', message: 'The extension stopped answering.' },
    ]);
  });

  it('reports any other error as failed, with its message', async () => {
    const fake = createFakeRobot();
    const { reports } = invokedBy(runRobotCommand, { robot: fake.robot, request });
    fake.lastRun().reject(new TypeError('members is not iterable'));
    await Promise.resolve();
    expect(reports).toEqual([{ type: 'robot.command.failed', command: 'fetch_group_members', code: 'failed', message: 'members is not iterable' }]);
  });

  it('words a thrown non-error as text', async () => {
    const fake = createFakeRobot();
    const { reports } = invokedBy(runRobotCommand, { robot: fake.robot, request });
    fake.lastRun().reject('the port closed');
    await Promise.resolve();
    expect(reports).toEqual([{ type: 'robot.command.failed', command: 'fetch_group_members', code: 'failed', message: 'the port closed' }]);
  });

  it('cancels the command when stopped, reporting nothing of it', async () => {
    const fake = createFakeRobot();
    const { parent, reports } = invokedBy(runRobotCommand, { robot: fake.robot, request });
    const run = fake.lastRun();
    parent.stop();
    expect(run.signal?.aborted).toBe(true);
    run.reject(new RobotError('aborted', 'Cancelled.'));
    await Promise.resolve();
    expect(reports).toEqual([]);
  });
});

describe('fetchRobotJobs (GET /robot/jobs)', () => {
  const activeJob: ExtensionJob = {
    id: 3,
    group_id: 7,
    name: 'fetch_group_members',
    status: 'running',
    args: { id: 7 },
    progress: 120,
    total: null,
    error: null,
    created_at: '2026-11-20T03:00:00.000Z',
    finished_at: null,
  };
  const scheduledJob: ScheduledJob = {
    group_id: 7,
    name: 'fetch_group_posts',
    next_run_at: '2026-11-21T12:00:00.000Z',
    config: {
      enabled: true,
      scheduled: 'everyDay',
      everyDay: '12:00:00',
      afterJob: null,
      perWeekdays0: null,
      perWeekdays1: null,
      perWeekdays2: null,
      perWeekdays3: null,
      perWeekdays4: null,
      perWeekdays5: null,
      perWeekdays6: null,
    },
  };

  function serverAnswering(answer: (server: ReturnType<typeof createFakeServer>) => Response) {
    const server = createFakeServer([]);
    const urls: string[] = [];
    server.override((request) => {
      if (request.method !== 'GET' || new URL(request.url).pathname !== '/api/v1/robot/jobs') return undefined;
      urls.push(request.url);
      return answer(server);
    });
    return { api: createApiClient({ baseUrl: BASE_URL, fetch: server.fetch }), urls, server };
  }

  const lookup = (api: ReturnType<typeof createApiClient>) => toPromise(createActor(fetchRobotJobs, { input: { api } }).start());

  it("asks for the jobs of all the user's groups and answers the active and scheduled ones", async () => {
    const { api, urls, server } = serverAnswering((s) =>
      s.json({ robot_version: '2.4.0', latest_robot_version: '2.5.0', active_jobs: [activeJob], scheduled_jobs: [scheduledJob] }),
    );
    expect(await lookup(api)).toStrictEqual({ kind: 'loaded', jobs: { active: [activeJob], scheduled: [scheduledJob] } });
    expect(urls).toEqual(['http://xfilter.test/api/v1/robot/jobs']);
    expect(server.requests).toEqual([{ method: 'GET', path: '/robot/jobs', body: undefined }]);
  });

  it('answers unavailable when the server refuses', async () => {
    const { api } = serverAnswering((s) => s.failure(500, 'internal', 'Something went wrong.'));
    expect(await lookup(api)).toStrictEqual({ kind: 'unavailable' });
  });

  it('answers unavailable when the network fails', async () => {
    const api = createApiClient({ baseUrl: BASE_URL, fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    expect(await lookup(api)).toStrictEqual({ kind: 'unavailable' });
  });

  it('cancels the call when stopped', async () => {
    const requests: Request[] = [];
    const api = createApiClient({
      baseUrl: BASE_URL,
      fetch: (request) => {
        requests.push(request);
        return new Promise<Response>(() => {});
      },
    });
    const actor = createActor(fetchRobotJobs, { input: { api } }).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(requests.map((request) => [request.method, request.url, request.signal.aborted])).toEqual([
      ['GET', 'http://xfilter.test/api/v1/robot/jobs', false],
    ]);
    actor.stop();
    expect(requests[0].signal.aborted).toBe(true);
  });
});

describe('listenToRobotJobs', () => {
  /** The robot as a listener meets it: the events it emits, and how many listeners are open. */
  function robotEmitter() {
    const handlers = new Set<{ type: string; handler: (event: RobotEmitted) => void }>();
    const ref = {
      on(type: string, handler: (event: RobotEmitted) => void) {
        const entry = { type, handler };
        handlers.add(entry);
        return { unsubscribe: () => void handlers.delete(entry) };
      },
    } as unknown as ActorRef<Snapshot<unknown>, never, RobotEmitted>;
    return {
      ref,
      emit: (event: RobotEmitted) => [...handlers].filter((entry) => entry.type === event.type).forEach((entry) => entry.handler(event)),
      listening: () => handlers.size,
    };
  }

  it("passes on the jobs the robot starts and finishes, and nothing else", () => {
    const robot = robotEmitter();
    const { reports } = invokedBy(listenToRobotJobs, { robotRef: robot.ref });
    robot.emit({ type: 'robot.job.started', groupId: 7, name: 'fetch_group_members' });
    robot.emit({ type: 'robot.versionReported', version: '2.5.0' });
    robot.emit({ type: 'robot.job.finished', groupId: 7, name: 'fetch_group_members' });
    expect(reports).toEqual([
      { type: 'robot.job.started', groupId: 7, name: 'fetch_group_members' },
      { type: 'robot.job.finished', groupId: 7, name: 'fetch_group_members' },
    ]);
  });

  it('stops listening to the robot when the state that invokes it ends', () => {
    const robot = robotEmitter();
    const { parent } = invokedBy(listenToRobotJobs, { robotRef: robot.ref });
    expect(robot.listening()).toBe(2);
    parent.stop();
    expect(robot.listening()).toBe(0);
  });
});
