import type { RobotArgs, RobotResult } from '../protocol';
import { call, postBatch, type CommandContext } from './calls';
import { runJob } from './jobRun';

/** fetch_group_members: every member of the group, a page at a time, each page posted as one batch. */
export function scanMembers(ctx: CommandContext, group: RobotArgs<'fetch_group_members'>): Promise<RobotResult<'fetch_group_members'>> {
  const { api, headers, signal, pacing } = ctx;
  return runJob(ctx, group, 'fetch_group_members', { id: group.id }, async (job) => {
    let cursor: string | undefined;
    let scanned = 0;
    for (let batchNo = 0; ; batchNo += 1) {
      ctx.ensureConnected();
      const page = await call(
        ctx,
        () =>
          api.GET('/sandbox/network/groups/{fb_group_id}/members', {
            params: { path: { fb_group_id: group.fb_group_id }, query: { cursor, limit: pacing.memberPageSize } },
            headers,
            signal,
          }),
        `The members of ${group.name} could not be read`,
      );
      await postBatch(
        ctx,
        () =>
          api.POST('/robot/jobs/{job_id}/members', {
            params: { path: { job_id: job.id } },
            body: { batch_no: batchNo, members: page.members },
            headers,
            signal,
          }),
        'The robot could not store the members it read',
      );
      scanned += page.members.length;
      await job.report(scanned, page.total);
      if (page.next_cursor === null) return { job_id: job.id, members: scanned };
      cursor = page.next_cursor;
      await ctx.wait(pacing.memberPageDelayMs, signal);
    }
  });
}
