import type { ApiClient } from '../api/client';
import type { components } from '../api/schema';
import { RobotError, type RobotCommandName, type RobotProgress } from './protocol';

type RobotLogInput = components['schemas']['RobotLogInput'];

export type RobotLogLevel = RobotLogInput['level'];

/** A line as the robot writes it; the run adds its execution id and the robot's version. */
export interface RobotLogLine {
  level: RobotLogLevel;
  message: string;
  groupId?: number | null;
  data?: Record<string, unknown>;
}

/** How the lines of a run travel: a batch leaves once it is full, after a pause, and when the run ends. */
export const ROBOT_LOG_BATCHING = { maxLines: 50, flushAfterMs: 5_000 };

/** The contract's limits on a line (RobotLogInput). */
const MAX_MESSAGE_LENGTH = 2000;
const MAX_DATA_KEYS = 50;
const ROBOT_VERSION = /^[0-9]+(\.[0-9]+){0,3}$/;

/** What each command is called in its log lines ('Members scan started'), so lines of one kind read and chart alike. */
export const ROBOT_LOG_TITLES: Record<RobotCommandName, string> = {
  fetch_user_groups: 'Groups scan',
  fetch_group_owners: 'Admins scan',
  fetch_group_members: 'Members scan',
  fetch_group_posts: 'Engagements scan',
  remove_group_members: 'Members removal',
};

/** A run's execution id: 32 random hex digits (crypto.randomUUID needs a secure context, a sandbox on a LAN address is not one). */
export function newExecId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface RunLog {
  write(line: RobotLogLine): void;
  /** Sends what is left; the run's lines are all on their way once it resolves. */
  close(): Promise<void>;
}

export interface RunLogOptions {
  api: ApiClient;
  /** The bearer header of the user the run works for: their lines are theirs. */
  headers: { Authorization: string };
  /** Ties the run's lines together (RobotLogInput exec_id). */
  execId: string;
  robotVersion: string;
  maxLines?: number;
  flushAfterMs?: number;
}

function toInput(line: RobotLogLine, execId: string, robotVersion: string): RobotLogInput {
  const data = line.data && Object.fromEntries(Object.entries(line.data).slice(0, MAX_DATA_KEYS));
  return {
    level: line.level,
    message: line.message.slice(0, MAX_MESSAGE_LENGTH) || '(no message)',
    exec_id: execId,
    robot_version: robotVersion,
    ...(line.groupId ? { group_id: line.groupId } : {}),
    ...(data ? { data } : {}),
  };
}

/**
 * One robot run's log lines, posted to POST /robot/logs in batches for the supervisor's robot-log
 * pages. Logging never holds up or breaks the run: a batch the server refuses or never answers is
 * dropped. A robot whose version is not known (or not a version) writes nothing.
 */
export function openRunLog({
  api,
  headers,
  execId,
  robotVersion,
  maxLines = ROBOT_LOG_BATCHING.maxLines,
  flushAfterMs = ROBOT_LOG_BATCHING.flushAfterMs,
}: RunLogOptions): RunLog {
  const enabled = ROBOT_VERSION.test(robotVersion);
  let waiting: RobotLogInput[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const sent: Promise<void>[] = [];

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (waiting.length === 0) return;
    const logs = waiting;
    waiting = [];
    sent.push(api.POST('/robot/logs', { body: { logs }, headers }).then(() => undefined, () => undefined));
  };

  return {
    write(line) {
      if (!enabled) return;
      waiting.push(toInput(line, execId, robotVersion));
      if (waiting.length >= maxLines) flush();
      else timer ??= setTimeout(flush, flushAfterMs);
    },
    async close() {
      flush();
      await Promise.all(sent);
    },
  };
}

/** What a line keeps of a command's arguments or answer: plain values as they are, lists by their length. */
function summary(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, field]) => field === null || typeof field !== 'object' || Array.isArray(field))
      .map(([key, field]) => [key, Array.isArray(field) ? field.length : field]),
  );
}

function groupIdOf(args: object): number | null {
  const id = (args as { id?: unknown }).id;
  return typeof id === 'number' ? id : null;
}

/**
 * Runs a command with its log lines: started, each progress report, then completed, stopped (cancelled
 * or disconnected: a warning) or failed (an error, with the reason in the message). `run` is given the
 * progress report to call; the command's answer or error is passed on unchanged.
 */
export async function withRunLog<Result>(
  log: RunLog,
  command: RobotCommandName,
  args: object,
  run: (reportProgress: (progress: RobotProgress) => void) => Promise<Result>,
): Promise<Result> {
  const title = ROBOT_LOG_TITLES[command];
  const groupId = groupIdOf(args);
  log.write({ level: 'debug', message: `${title} started`, groupId, data: { command, ...summary(args) } });
  try {
    const result = await run(({ done, total }) => log.write({ level: 'debug', message: `${title} progress`, groupId, data: { command, done, total } }));
    log.write({ level: 'debug', message: `${title} completed`, groupId, data: { command, ...summary(result) } });
    return result;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const stopped = error instanceof RobotError && (error.code === 'aborted' || error.code === 'disconnected');
    log.write({
      level: stopped ? 'warning' : 'error',
      message: `${title} ${stopped ? 'stopped' : 'failed'}: ${reason}`,
      groupId,
      data: { command, ...(error instanceof RobotError ? { code: error.code } : {}) },
    });
    throw error;
  } finally {
    void log.close();
  }
}
