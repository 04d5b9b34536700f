import { afterEach, describe, expect, it, vi } from 'vitest';
import { RobotError } from '../../../src/robot/protocol';
import { openRunLog } from '../../../src/robot/robotLog';
import { createSandboxRobot } from '../../../src/robot/sandboxRobot';
import { fakeApi, identity, route, type FakeRoute } from './fakes';
import { GROUP, NOW, sandboxWorld } from './sandboxWorld';

interface PostedLine {
  level: string;
  message: string;
  exec_id: string;
  robot_version: string;
  group_id?: number;
  data?: Record<string, unknown>;
}

const acceptLogs = route('POST', '/robot/logs', () => ({ status: 202, body: {} }));

function startRobot({ memberCount, logs = acceptLogs }: { memberCount?: number; logs?: FakeRoute } = {}) {
  const world = sandboxWorld({ memberCount });
  const server = fakeApi(logs, ...world.routes);
  const wait = vi.fn(async (_ms: number, _signal?: AbortSignal) => {});
  const robot = createSandboxRobot({ api: server.api, wait, now: () => NOW });
  robot.configure(identity);
  const batches = () => server.called('POST', '/robot/logs');
  const lines = () => batches().flatMap(({ body }) => (body as { logs: PostedLine[] }).logs);
  return { world, server, wait, robot, batches, lines };
}

afterEach(() => vi.useRealTimers());

describe('the sandbox robot posting its log lines', () => {
  it('posts a members scan as started, each page read and completed: one run, the robot version, the group, the user token', async () => {
    const { robot, batches, lines } = startRobot({ memberCount: 1200 });
    await robot.run('fetch_group_members', GROUP);
    await vi.waitFor(() => expect(batches()).toHaveLength(1));

    expect(lines().map(({ level, message }) => [level, message])).toEqual([
      ['debug', 'Members scan started'],
      ['debug', 'Members scan progress'],
      ['debug', 'Members scan progress'],
      ['debug', 'Members scan progress'],
      ['debug', 'Members scan completed'],
    ]);
    expect(lines().map(({ data }) => data?.done)).toEqual([undefined, 500, 1000, 1200, undefined]);
    expect(lines().at(-1)!.data).toMatchObject({ command: 'fetch_group_members', job_id: 77, members: 1200 });
    expect(new Set(lines().map(({ exec_id }) => exec_id)).size).toBe(1);
    expect(lines()[0].exec_id).toMatch(/^[0-9a-f]{32}$/);
    expect(lines().every(({ robot_version, group_id }) => robot_version === '2.4.0' && group_id === GROUP.id)).toBe(true);
    expect(batches()[0].authorization).toBe('Bearer token-ada');
  });

  it('gives each run its own execution id', async () => {
    const { robot, batches, lines } = startRobot({ memberCount: 10 });
    await robot.run('fetch_group_members', GROUP);
    await robot.run('fetch_group_members', GROUP);
    await vi.waitFor(() => expect(batches()).toHaveLength(2));
    expect(new Set(lines().map(({ exec_id }) => exec_id)).size).toBe(2);
  });

  it('ends a failed scan with an error line that says why, and the scan fails as it would without it', async () => {
    const broken = route('POST', '/robot/jobs/77/members', () => ({ status: 409, body: { error: { code: 'conflict', message: 'The job has finished.' } } }));
    const world = sandboxWorld();
    const server = fakeApi(acceptLogs, broken, ...world.routes);
    const robot = createSandboxRobot({ api: server.api, wait: async () => {}, now: () => NOW });
    robot.configure(identity);
    await expect(robot.run('fetch_group_members', GROUP)).rejects.toMatchObject({ code: 'failed', message: expect.stringContaining('The job has finished.') });
    await vi.waitFor(() => expect(server.called('POST', '/robot/logs')).toHaveLength(1));
    const last = (server.called('POST', '/robot/logs')[0].body as { logs: PostedLine[] }).logs.at(-1)!;
    expect(last).toMatchObject({ level: 'error', group_id: GROUP.id, data: { command: 'fetch_group_members', code: 'failed' } });
    expect(last.message).toMatch(/^Members scan failed: .*The job has finished\.$/);
  });

  it('ends a scan stopped by the lab with a warning, not an error', async () => {
    const { robot, wait, world, batches, lines } = startRobot();
    wait.mockImplementationOnce(async () => {
      world.connection.connected = false;
      robot.reload();
      await vi.waitFor(() => expect(robot.getState().presence).toBe('disconnected'));
    });
    await expect(robot.run('fetch_group_members', GROUP)).rejects.toBeInstanceOf(RobotError);
    await vi.waitFor(() => expect(batches()).toHaveLength(1));
    expect(lines().at(-1)).toMatchObject({ level: 'warning', message: 'Members scan stopped: The robot is disconnected.' });
  });

  it('keeps a scan going when the server refuses its log lines', async () => {
    const refused = route('POST', '/robot/logs', () => ({ status: 500, body: { error: { code: 'internal', message: 'Down.' } } }));
    const { robot, batches } = startRobot({ logs: refused });
    await expect(robot.run('fetch_group_members', GROUP)).resolves.toMatchObject({ members: 1200 });
    await vi.waitFor(() => expect(batches()).toHaveLength(1));
  });

  it("names no group in an onboarding scan of the user's groups, and keeps only the counts of what it found", async () => {
    const { robot, batches, lines } = startRobot();
    await robot.run('fetch_user_groups', {});
    await vi.waitFor(() => expect(batches()).toHaveLength(1));
    expect(lines().map(({ message }) => message)).toEqual(['Groups scan started', 'Groups scan progress', 'Groups scan completed']);
    expect(lines().every((line) => line.group_id === undefined)).toBe(true);
    expect(lines().at(-1)!.data).toEqual({ command: 'fetch_user_groups', groups: 1, scanned: 1 });
  });
});

describe("a run's log", () => {
  const options = (server: ReturnType<typeof fakeApi>) => ({
    api: server.api,
    headers: { Authorization: 'Bearer token-ada' },
    execId: 'run-1',
    robotVersion: '2.4.0',
    maxLines: 3,
    flushAfterMs: 5_000,
  });
  const sizes = (server: ReturnType<typeof fakeApi>) => server.called('POST', '/robot/logs').map(({ body }) => (body as { logs: unknown[] }).logs.length);

  it('sends a batch as soon as it is full, and the rest when the run ends', async () => {
    const server = fakeApi(acceptLogs);
    const log = openRunLog(options(server));
    for (let line = 1; line <= 7; line += 1) log.write({ level: 'debug', message: `line ${line}` });
    await log.close();
    expect(sizes(server)).toEqual([3, 3, 1]);
  });

  it('sends what waits once writing pauses, without waiting for the run to end', async () => {
    vi.useFakeTimers();
    const server = fakeApi(acceptLogs);
    const log = openRunLog(options(server));
    log.write({ level: 'debug', message: 'first' });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(sizes(server)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sizes(server)).toEqual([1]);
    log.write({ level: 'warning', message: 'second' });
    await log.close();
    expect(sizes(server)).toEqual([1, 1]);
  });

  it('fits each line to the contract: messages cut at 2000 characters, at most 50 data keys', async () => {
    const server = fakeApi(acceptLogs);
    const log = openRunLog(options(server));
    const data = Object.fromEntries(Array.from({ length: 60 }, (_, key) => [`k${key}`, key]));
    log.write({ level: 'error', message: 'x'.repeat(2500), groupId: 4, data });
    await log.close();
    const [line] = (server.called('POST', '/robot/logs')[0].body as { logs: PostedLine[] }).logs;
    expect(line.message).toHaveLength(2000);
    expect(Object.keys(line.data!)).toHaveLength(50);
    expect(line).toMatchObject({ level: 'error', exec_id: 'run-1', robot_version: '2.4.0', group_id: 4 });
  });

  it('writes nothing for a robot whose version is not known', async () => {
    const server = fakeApi(acceptLogs);
    const log = openRunLog({ ...options(server), robotVersion: '' });
    log.write({ level: 'error', message: 'lost' });
    await log.close();
    expect(sizes(server)).toEqual([]);
  });
});
