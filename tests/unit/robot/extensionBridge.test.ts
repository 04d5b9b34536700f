import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppMessage } from '../../../src/robot/bridgeMessages';
import { BRIDGE_TIMING, createExtensionBridge, type BridgePage } from '../../../src/robot/extensionBridge';
import { RobotError, type RobotProgress } from '../../../src/robot/protocol';
import { fakeApi, identity, statusRoute } from './fakes';

const ORIGIN = 'https://app.xfilter.test';
const group = { id: 1, name: 'Backyard Beekeepers Circle', fb_group_id: '1402385749123001', fb_slug: 'backyard-beekeepers' };
const hello = { type: 'hello', extension_id: 'abcdefghijklmnop', extension_version: '3.1.0', extension_name: 'xFilter', robot_version: '2.4.0' };

/** A window where the test plays the extension's content script. */
function fakePage() {
  const listeners = new Set<(event: MessageEvent) => void>();
  const sent: AppMessage[] = [];
  const page: BridgePage = {
    location: { origin: ORIGIN },
    postMessage: (message, targetOrigin) => {
      expect(targetOrigin).toBe(ORIGIN);
      sent.push(message);
    },
    addEventListener: (_type, listener) => void listeners.add(listener),
    removeEventListener: (_type, listener) => void listeners.delete(listener),
  };
  const deliver = (data: unknown, origin = ORIGIN, source: unknown = page) =>
    listeners.forEach((listener) => listener({ data, origin, source } as MessageEvent));
  return {
    page,
    sent,
    fromExtension: (message: object) => deliver({ source: 'xfilter-extension', ...message }),
    deliver,
    lastCommand: () => sent.filter((message) => 'request_id' in message).at(-1) as Extract<AppMessage, { request_id: string }>,
  };
}

function startBridge(minimumMajor = 2) {
  const window = fakePage();
  const server = fakeApi(statusRoute({ connected: true, minimumMajor }));
  let requests = 0;
  const robot = createExtensionBridge({ page: window.page, api: server.api, newRequestId: () => `request-${++requests}` });
  return { window, server, robot };
}

/** Lets the bridge's GET /status answer arrive. */
const settle = () => vi.advanceTimersByTimeAsync(0);

async function readyBridge() {
  const bridge = startBridge();
  bridge.window.fromExtension(hello);
  await settle();
  return bridge;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the extension bridge handshake', () => {
  it('says hello to the content script and is detecting until it answers', () => {
    const { window, robot } = startBridge();
    expect(window.sent).toEqual([{ source: 'xfilter-app', command: 'hello' }]);
    expect(robot.getState()).toMatchObject({ presence: 'detecting', installed: false });
  });

  it('is ready with the extension and robot versions once the extension answers and the robot is supported', async () => {
    const { robot, server } = await readyBridge();
    expect(robot.getState()).toMatchObject({
      presence: 'ready',
      installed: true,
      extension_id: hello.extension_id,
      extension_version: '3.1.0',
      extension_name: 'xFilter',
      robot_version: '2.4.0',
      latest_robot_version: '2.4.0',
    });
    expect(server.called('GET', '/status').map(({ query }) => query.get('robot_version'))).toEqual(['2.4.0']);
  });

  it('says the extension is not installed when no hello comes within the timeout', async () => {
    const { robot } = startBridge();
    await vi.advanceTimersByTimeAsync(BRIDGE_TIMING.helloTimeoutMs - 1);
    expect(robot.getState().presence).toBe('detecting');
    await vi.advanceTimersByTimeAsync(1);
    expect(robot.getState()).toMatchObject({ presence: 'notInstalled', installed: false });
    await expect(robot.run('fetch_group_members', group)).rejects.toMatchObject({ code: 'not_installed' });
  });

  it('finds an extension installed later, when it says hello on its own', async () => {
    const { window, robot } = startBridge();
    await vi.advanceTimersByTimeAsync(BRIDGE_TIMING.helloTimeoutMs);
    window.fromExtension(hello);
    await settle();
    expect(robot.getState().presence).toBe('ready');
  });

  it('is outdated when the server says the robot is below the minimum, and refuses commands', async () => {
    const { window, robot } = startBridge(3);
    window.fromExtension(hello);
    await settle();
    expect(robot.getState()).toMatchObject({ presence: 'outdated', installed: true, robot_version: '2.4.0' });
    await expect(robot.run('fetch_group_members', group)).rejects.toMatchObject({ code: 'outdated' });
  });

  it('ignores messages from other origins, other windows, the app itself and malformed hellos', async () => {
    const { window, robot } = startBridge();
    window.deliver({ source: 'xfilter-extension', ...hello }, 'https://evil.example');
    window.deliver({ source: 'xfilter-extension', ...hello }, ORIGIN, {});
    window.deliver({ source: 'xfilter-app', ...hello });
    window.fromExtension({ type: 'hello', extension_id: 42 });
    await settle();
    expect(robot.getState().presence).toBe('detecting');
  });
});

describe('the extension bridge commands', () => {
  it('sends a command with a request id and resolves with the matching result', async () => {
    const { window, robot } = await readyBridge();
    const progress: RobotProgress[] = [];
    const result = robot.run('fetch_group_members', group, { onProgress: (report) => progress.push(report) });
    await settle();
    expect(window.lastCommand()).toEqual({ source: 'xfilter-app', command: 'fetch_group_members', request_id: 'request-1', args: group });
    window.fromExtension({ type: 'progress', request_id: 'request-1', done: 500, total: 2000 });
    window.fromExtension({ type: 'progress', request_id: 'request-other', done: 7, total: 9 });
    window.fromExtension({ type: 'result', request_id: 'request-other', result: { job_id: 1, members: 9 } });
    window.fromExtension({ type: 'result', request_id: 'request-1', result: { job_id: 12, members: 2000 } });
    await expect(result).resolves.toEqual({ job_id: 12, members: 2000 });
    expect(progress).toEqual([{ command: 'fetch_group_members', groupId: 1, done: 500, total: 2000 }]);
  });

  it('waits for the handshake before sending a command', async () => {
    const { window, robot } = startBridge();
    const result = robot.run('fetch_user_groups', {});
    await settle();
    expect(window.lastCommand()).toBeUndefined();
    window.fromExtension(hello);
    await settle();
    expect(window.lastCommand()).toMatchObject({ command: 'fetch_user_groups', request_id: 'request-1' });
    window.fromExtension({ type: 'result', request_id: 'request-1', result: { groups: [], scanned: [] } });
    await expect(result).resolves.toEqual({ groups: [], scanned: [] });
  });

  it("rejects with the extension's error", async () => {
    const { window, robot } = await readyBridge();
    const result = robot.run('fetch_group_owners', group);
    await settle();
    window.fromExtension({ type: 'error', request_id: 'request-1', message: 'You are not a member of this group.' });
    await expect(result).rejects.toEqual(new RobotError('failed', 'You are not a member of this group.'));
  });

  it('fails a command the extension stays silent about, counting from its last progress', async () => {
    const { window, robot } = await readyBridge();
    const result = robot.run('fetch_group_members', group);
    const outcome = result.catch((error: RobotError) => error);
    await settle();
    await vi.advanceTimersByTimeAsync(BRIDGE_TIMING.silenceTimeoutMs - 1);
    window.fromExtension({ type: 'progress', request_id: 'request-1', done: 500, total: null });
    await vi.advanceTimersByTimeAsync(BRIDGE_TIMING.silenceTimeoutMs - 1);
    window.fromExtension({ type: 'progress', request_id: 'request-1', done: 1000, total: null });
    await vi.advanceTimersByTimeAsync(BRIDGE_TIMING.silenceTimeoutMs);
    expect(await outcome).toMatchObject({ code: 'failed', message: 'The extension stopped answering.' });
  });

  it('cancels a command whose signal aborts', async () => {
    const { window, robot } = await readyBridge();
    const controller = new AbortController();
    const result = robot.run('fetch_group_members', group, { signal: controller.signal });
    await settle();
    controller.abort();
    await expect(result).rejects.toMatchObject({ code: 'aborted' });
    expect(window.sent.at(-1)).toEqual({ source: 'xfilter-app', command: 'cancel', request_id: 'request-1' });
  });
});

describe('the extension bridge configuration and reload', () => {
  it('gives the extension the user, the groups and the api token, also when it says hello after being configured', async () => {
    const { window, robot } = startBridge();
    robot.configure(identity);
    expect(window.sent.some((message) => message.command === 'configure')).toBe(false);
    window.fromExtension(hello);
    await settle();
    const expected = { source: 'xfilter-app', command: 'configure', identity: { user: identity.user, groups: identity.groups, api_token: 'token-ada' } };
    expect(window.sent).toContainEqual(expected);
    robot.configure(null);
    expect(window.sent.at(-1)).toEqual({ source: 'xfilter-app', command: 'configure', identity: null });
  });

  it('reloads the extension and says hello again to learn its new robot version', async () => {
    const { window, robot } = await readyBridge();
    robot.reload();
    expect(window.sent.at(-1)).toEqual({ source: 'xfilter-app', command: 'reload_extension' });
    expect(robot.getState().presence).toBe('detecting');
    await vi.advanceTimersByTimeAsync(BRIDGE_TIMING.reloadSettleMs);
    expect(window.sent.at(-1)).toEqual({ source: 'xfilter-app', command: 'hello' });
    window.fromExtension({ ...hello, robot_version: '2.5.0' });
    await settle();
    expect(robot.getState()).toMatchObject({ presence: 'ready', robot_version: '2.5.0' });
  });
});
