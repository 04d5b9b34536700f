import type { RobotArgs, RobotResult } from '../protocol';
import { call, postBatch, type CommandContext } from './calls';
import { runJob } from './jobRun';

function chunks<Item>(items: Item[], size: number): Item[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));
}

/** remove_group_members: removes the members from the group on the sandbox network, a few at a time. */
export function removeMembers(
  ctx: CommandContext,
  { members, ...group }: RobotArgs<'remove_group_members'>,
): Promise<RobotResult<'remove_group_members'>> {
  const { api, headers, signal, pacing } = ctx;
  return runJob(ctx, group, 'remove_group_members', { id: group.id, members }, async (job) => {
    let removed = 0;
    const batches = chunks(members, pacing.removalBatchSize);
    for (const [batchNo, batch] of batches.entries()) {
      ctx.ensureConnected();
      const outcome = await call(
        ctx,
        () =>
          api.POST('/sandbox/network/groups/{fb_group_id}/removals', {
            params: { path: { fb_group_id: group.fb_group_id } },
            body: { fb_user_ids: batch.map((member) => member.fb_user_id) },
            headers,
            signal,
          }),
        `The robot could not remove members from ${group.name}`,
      );
      // A member the network no longer has in the group is gone from it all the same.
      const gone = [...outcome.removed, ...outcome.not_found];
      await postBatch(
        ctx,
        () =>
          api.POST('/robot/jobs/{job_id}/removals', {
            params: { path: { job_id: job.id } },
            body: { batch_no: batchNo, fb_user_ids: gone },
            headers,
            signal,
          }),
        'The robot could not report the members it removed',
      );
      removed += outcome.removed.length;
      await job.report(removed, members.length);
      if (batchNo < batches.length - 1) await ctx.wait(pacing.removalBatchDelayMs, signal);
    }
    return { job_id: job.id, removed };
  });
}
