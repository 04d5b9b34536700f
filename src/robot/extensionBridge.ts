import type { ApiClient } from '../api/client';
import { abortedError, unavailabilityError } from './availability';
import { APP_SOURCE, readExtensionMessage, type AppMessage, type ExtensionMessage } from './bridgeMessages';
import {
  RobotError,
  type Robot,
  type RobotArgs,
  type RobotCommandName,
  type RobotIdentity,
  type RobotProgress,
  type RobotResult,
} from './protocol';
import { createStateStore } from './stateStore';
import { readRobotVersionStatus } from './versionStatus';

/** The page the extension's content script shares with the app. */
export interface BridgePage {
  location: { origin: string };
  postMessage(message: AppMessage, targetOrigin: string): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

export interface ExtensionBridgeOptions {
  page: BridgePage;
  api: ApiClient;
  /** No hello within this long: the extension is not installed. */
  helloTimeoutMs?: number;
  /** A command that sends neither progress nor an answer for this long has failed. */
  silenceTimeoutMs?: number;
  /** After asking the extension to reload, how long to wait before saying hello again. */
  reloadSettleMs?: number;
  newRequestId?: () => string;
}

export const BRIDGE_TIMING = { helloTimeoutMs: 3_000, silenceTimeoutMs: 60_000, reloadSettleMs: 2_000 };

interface PendingCommand {
  command: RobotCommandName;
  groupId: number | null;
  resolve(result: unknown): void;
  reject(error: RobotError): void;
  onProgress?: (progress: RobotProgress) => void;
  /** Restarts the silence timer: the extension is still working on it. */
  heardFrom(): void;
}

function groupIdOf(args: unknown): number | null {
  const id = (args as { id?: unknown }).id;
  return typeof id === 'number' ? id : null;
}

function identityMessage(identity: RobotIdentity | null): AppMessage {
  return {
    source: APP_SOURCE,
    command: 'configure',
    identity: identity && { user: identity.user, groups: identity.groups, api_token: identity.apiToken },
  };
}

/**
 * The real robot: the installed xFilter extension, reached through its content script with
 * window.postMessage. A hello handshake tells whether it is installed and which robot it runs;
 * GET /status tells whether that robot is outdated. Commands carry a request id, and the
 * extension's progress, result and error messages are matched back to them by that id.
 */
export function createExtensionBridge({
  page,
  api,
  helloTimeoutMs = BRIDGE_TIMING.helloTimeoutMs,
  silenceTimeoutMs = BRIDGE_TIMING.silenceTimeoutMs,
  reloadSettleMs = BRIDGE_TIMING.reloadSettleMs,
  newRequestId = () => crypto.randomUUID(),
}: ExtensionBridgeOptions): Robot {
  const store = createStateStore();
  const pending = new Map<string, PendingCommand>();
  let identity: RobotIdentity | null = null;
  let helloTimer: ReturnType<typeof setTimeout> | undefined;
  /** Answers to an older hello are dropped once a newer version has said hello. */
  let helloCount = 0;

  const post = (message: AppMessage) => page.postMessage(message, page.location.origin);

  const sayHello = () => {
    clearTimeout(helloTimer);
    store.update({ presence: 'detecting' });
    post({ source: APP_SOURCE, command: 'hello' });
    helloTimer = setTimeout(() => store.update({ presence: 'notInstalled' }), helloTimeoutMs);
  };

  const onHello = async (hello: Extract<ExtensionMessage, { type: 'hello' }>) => {
    clearTimeout(helloTimer);
    const thisHello = ++helloCount;
    store.update({
      extension_id: hello.extension_id,
      extension_version: hello.extension_version,
      extension_name: hello.extension_name,
      robot_version: hello.robot_version,
    });
    post(identityMessage(identity));
    const { outdated, latest } = await readRobotVersionStatus(api, hello.robot_version);
    if (thisHello !== helloCount) return;
    store.update({ presence: outdated ? 'outdated' : 'ready', ...(latest ? { latest_robot_version: latest } : {}) });
  };

  const onCommandMessage = (message: Exclude<ExtensionMessage, { type: 'hello' }>) => {
    const command = pending.get(message.request_id);
    if (!command) return;
    if (message.type === 'progress') {
      command.heardFrom();
      command.onProgress?.({ command: command.command, groupId: command.groupId, done: message.done, total: message.total });
    } else if (message.type === 'result') {
      command.resolve(message.result);
    } else {
      command.reject(new RobotError('failed', message.message));
    }
  };

  const onMessage = (event: MessageEvent) => {
    if (event.source !== page || event.origin !== page.location.origin) return;
    const message = readExtensionMessage(event.data);
    if (!message) return;
    if (message.type === 'hello') void onHello(message);
    else onCommandMessage(message);
  };

  page.addEventListener('message', onMessage);
  sayHello();

  const send = <C extends RobotCommandName>(
    command: C,
    args: RobotArgs<C>,
    { signal, onProgress }: { signal?: AbortSignal; onProgress?: (progress: RobotProgress) => void },
  ) =>
    new Promise<RobotResult<C>>((resolve, reject) => {
      const requestId = newRequestId();
      let silenceTimer: ReturnType<typeof setTimeout> | undefined;
      const settle = () => {
        clearTimeout(silenceTimer);
        signal?.removeEventListener('abort', onAbort);
        pending.delete(requestId);
      };
      const fail = (error: RobotError) => {
        settle();
        reject(error);
      };
      const heardFrom = () => {
        clearTimeout(silenceTimer);
        silenceTimer = setTimeout(() => fail(new RobotError('failed', 'The extension stopped answering.')), silenceTimeoutMs);
      };
      const onAbort = () => {
        post({ source: APP_SOURCE, command: 'cancel', request_id: requestId });
        fail(abortedError());
      };
      pending.set(requestId, {
        command,
        groupId: groupIdOf(args),
        onProgress,
        heardFrom,
        reject: fail,
        resolve: (result) => {
          settle();
          resolve(result as RobotResult<C>);
        },
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      heardFrom();
      post({ source: APP_SOURCE, command, request_id: requestId, args });
    });

  return {
    getState: store.get,
    subscribe: store.subscribe,
    configure(next) {
      identity = next;
      if (store.get().installed) post(identityMessage(identity));
    },
    async run(command, args, options = {}) {
      const unavailable = unavailabilityError(await store.settled());
      if (unavailable) throw unavailable;
      if (options.signal?.aborted) throw abortedError();
      return send(command, args, options);
    },
    reload() {
      post({ source: APP_SOURCE, command: 'reload_extension' });
      clearTimeout(helloTimer);
      store.update({ presence: 'detecting' });
      helloTimer = setTimeout(sayHello, reloadSettleMs);
    },
  };
}
