import type { ApiClient } from '../api/client';
import { unavailabilityError, wait as waitFor } from './availability';
import { RobotError, type Robot, type RobotArgs, type RobotCommandName, type RobotIdentity, type RobotProgress, type RobotResult } from './protocol';
import { SANDBOX_PACING, type CommandContext, type SandboxPacing } from './sandbox/calls';
import { createSandboxConnection } from './sandbox/connection';
import { newExecId, openRunLog, withRunLog } from './robotLog';
import { scanGroupOwners, scanUserGroups } from './sandbox/onboardingScans';
import { removeMembers } from './sandbox/removeMembers';
import { scanMembers } from './sandbox/scanMembers';
import { scanPosts } from './sandbox/scanPosts';
import { createStateStore } from './stateStore';

export interface SandboxRobotOptions {
  api: ApiClient;
  pacing?: SandboxPacing;
  /** How often the lab's connect switch is read while someone is signed in. */
  connectionCheckMs?: number;
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => Date;
}

export const SANDBOX_CONNECTION_CHECK_MS = 10_000;

type Commands = { [C in RobotCommandName]: (ctx: CommandContext, args: RobotArgs<C>, now: Date) => Promise<RobotResult<C>> };

const commands: Commands = {
  fetch_user_groups: (ctx) => scanUserGroups(ctx),
  fetch_group_owners: scanGroupOwners,
  fetch_group_members: scanMembers,
  fetch_group_posts: scanPosts,
  remove_group_members: removeMembers,
};

/**
 * The robot of sandbox mode, in the page: it reads the sandbox social network with the signed-in
 * user's token and posts what it reads to the same robot-ingestion calls the extension uses,
 * paced like a real scan, and its log lines (each command started, its progress, how it ended) to
 * POST /robot/logs. It answers only while the lab keeps it connected.
 */
export function createSandboxRobot({
  api,
  pacing = SANDBOX_PACING,
  connectionCheckMs = SANDBOX_CONNECTION_CHECK_MS,
  wait = waitFor,
  now = () => new Date(),
}: SandboxRobotOptions): Robot {
  const store = createStateStore();
  const connection = createSandboxConnection(api, store, connectionCheckMs);
  let identity: RobotIdentity | null = null;
  void connection.check();

  const ensureConnected = () => {
    if (store.get().presence === 'disconnected') throw unavailabilityError('disconnected');
  };

  return {
    getState: store.get,
    subscribe: store.subscribe,
    configure(next) {
      identity = next;
      connection.watch(identity !== null);
    },
    async run<C extends RobotCommandName>(
      command: C,
      args: RobotArgs<C>,
      { signal, onProgress }: { signal?: AbortSignal; onProgress?: (progress: RobotProgress) => void } = {},
    ) {
      await connection.check();
      const unavailable = unavailabilityError(store.get().presence);
      if (unavailable) throw unavailable;
      if (!identity) throw new RobotError('failed', 'The robot has nobody signed in to work for.');
      const headers = { Authorization: `Bearer ${identity.apiToken}` };
      const log = openRunLog({ api, headers, execId: newExecId(), robotVersion: store.get().robot_version ?? '' });
      return withRunLog(log, command, args, (reportProgress) => {
        const ctx: CommandContext = {
          api,
          headers,
          pacing,
          wait,
          signal,
          onProgress: (progress) => {
            reportProgress(progress);
            onProgress?.(progress);
          },
          ensureConnected,
          command,
        };
        return (commands[command] as Commands[C])(ctx, args, now());
      });
    },
    reload() {
      void connection.check();
    },
  };
}
