import type { ApiClient } from '../../api/client';
import { failureReason } from '../../api/failureReason';
import { abortedError } from '../availability';
import { RobotError, type RobotCommandName, type RobotProgress } from '../protocol';

/** How fast the sandbox robot reads, so a 20,000-member group scans in well under a minute. */
export interface SandboxPacing {
  memberPageSize: number;
  memberPageDelayMs: number;
  postPageSize: number;
  postPageDelayMs: number;
  removalBatchSize: number;
  removalBatchDelayMs: number;
  /** The pause while "scanning" the user's groups or a group's admins in onboarding. */
  onboardingScanDelayMs: number;
}

export const SANDBOX_PACING: SandboxPacing = {
  memberPageSize: 500,
  memberPageDelayMs: 600,
  postPageSize: 5,
  postPageDelayMs: 700,
  removalBatchSize: 25,
  removalBatchDelayMs: 700,
  onboardingScanDelayMs: 800,
};

/** What one running command of the sandbox robot works with. */
export interface CommandContext {
  api: ApiClient;
  /** The bearer header of the signed-in user the robot works for. */
  headers: { Authorization: string };
  pacing: SandboxPacing;
  wait(ms: number, signal?: AbortSignal): Promise<void>;
  signal?: AbortSignal;
  onProgress?: (progress: RobotProgress) => void;
  /** Throws a `disconnected` RobotError once the lab has disconnected the robot. */
  ensureConnected(): void;
  command: RobotCommandName;
}

interface CallResult<Data> {
  data?: Data;
  error?: unknown;
  response: Response;
}

/** The answer's data, or a `failed` RobotError that says what could not be done and why. */
export function need<Data>({ data, error, response }: CallResult<Data>, what: string): Data {
  if (data === undefined) throw new RobotError('failed', `${what}. ${failureReason(error, response)}`);
  return data;
}

/** An API call, with a network failure or an abort turned into a RobotError. */
export async function call<Data>(ctx: CommandContext, send: () => Promise<CallResult<Data>>, what: string): Promise<Data> {
  try {
    return need(await send(), what);
  } catch (error) {
    if (ctx.signal?.aborted) throw abortedError();
    if (error instanceof RobotError) throw error;
    throw new RobotError('failed', `${what}. The server did not answer.`);
  }
}

/**
 * Posts a scanned batch, once more if the first try failed on the way or on the server: the
 * server stores each job's batch_no once, so a batch that did arrive is not written twice. A
 * refusal (4xx) is final.
 */
export async function postBatch<Data>(ctx: CommandContext, send: () => Promise<CallResult<Data>>, what: string): Promise<Data> {
  let first: CallResult<Data> | null = null;
  try {
    first = await send();
  } catch {
    if (ctx.signal?.aborted) throw abortedError();
  }
  if (first && (first.data !== undefined || first.response.status < 500)) return need(first, what);
  return call(ctx, send, what);
}
