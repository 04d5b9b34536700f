import { abortedError } from '../availability';
import { RobotError, type ExtensionJob, type RobotGroupArgs, type RobotJobName } from '../protocol';
import { call, type CommandContext } from './calls';
import type { components, operations } from '../../api/schema';

type JobArgs = components['schemas']['JobArgs'];
type FinishStatus = operations['finishRobotJob']['requestBody']['content']['application/json']['status'];

/** A started robot job and how the work inside it reports progress. */
export interface JobHandle {
  id: number;
  report(done: number, total: number | null): Promise<void>;
}

const MAX_ERROR_LENGTH = 2000;

function finishStatusOf(error: RobotError): Exclude<FinishStatus, 'completed'> {
  return error.code === 'aborted' || error.code === 'disconnected' ? 'stopped' : 'failed';
}

function asRobotError(error: unknown, ctx: CommandContext): RobotError {
  if (ctx.signal?.aborted) return abortedError();
  if (error instanceof RobotError) return error;
  return new RobotError('failed', error instanceof Error ? error.message : String(error));
}

/**
 * Runs `work` as one robot job, as the extension does: POST /robot/groups/{id}/jobs first,
 * progress after each batch, and POST /robot/jobs/{job_id}/finish with completed, stopped
 * (cancelled or disconnected) or failed.
 */
export async function runJob<Result>(
  ctx: CommandContext,
  group: RobotGroupArgs,
  name: RobotJobName,
  args: JobArgs,
  work: (job: JobHandle) => Promise<Result>,
): Promise<Result> {
  const { api, headers, signal } = ctx;
  const { job } = await call(
    ctx,
    () => api.POST('/robot/groups/{id}/jobs', { params: { path: { id: group.id } }, body: { name, args }, headers, signal }),
    `The robot could not start its job in ${group.name}`,
  );
  const finish = (status: FinishStatus, error?: string) =>
    api.POST('/robot/jobs/{job_id}/finish', { params: { path: { job_id: job.id } }, body: { status, error }, headers });
  try {
    const result = await work(jobHandle(ctx, group, job));
    await call(ctx, () => finish('completed'), 'The robot could not report its finished job');
    return result;
  } catch (caught) {
    const error = asRobotError(caught, ctx);
    // The job's own failure is what the caller hears about, not a failure to record it.
    await finish(finishStatusOf(error), error.message.slice(0, MAX_ERROR_LENGTH)).catch(() => undefined);
    throw error;
  }
}

function jobHandle(ctx: CommandContext, group: RobotGroupArgs, job: ExtensionJob): JobHandle {
  return {
    id: job.id,
    async report(done, total) {
      ctx.onProgress?.({ command: ctx.command, groupId: group.id, done, total });
      await call(
        ctx,
        () =>
          ctx.api.POST('/robot/jobs/{job_id}/progress', {
            params: { path: { job_id: job.id } },
            body: { progress: done, total },
            headers: ctx.headers,
            signal: ctx.signal,
          }),
        'The robot could not report its progress',
      );
    },
  };
}
