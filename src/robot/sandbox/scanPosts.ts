import type { RobotArgs, RobotResult } from '../protocol';
import { call, postBatch, type CommandContext } from './calls';
import { runJob } from './jobRun';
import { postsReach } from './postsReach';

/**
 * fetch_group_posts: the newest posts with their reactions and comments, as far back and as
 * deep as the group's engagement-sync settings say, a page at a time.
 */
export function scanPosts(
  ctx: CommandContext,
  { settings, ...group }: RobotArgs<'fetch_group_posts'>,
  now: Date,
): Promise<RobotResult<'fetch_group_posts'>> {
  const { api, headers, signal, pacing } = ctx;
  const reach = postsReach(settings, now);
  return runJob(ctx, group, 'fetch_group_posts', { id: group.id, settings }, async (job) => {
    let cursor: string | undefined;
    let scanned = 0;
    for (let batchNo = 0; ; batchNo += 1) {
      ctx.ensureConnected();
      const limit = reach.postsBack === null ? pacing.postPageSize : Math.min(pacing.postPageSize, reach.postsBack - scanned);
      const page = await call(
        ctx,
        () =>
          api.GET('/sandbox/network/groups/{fb_group_id}/posts', {
            params: {
              path: { fb_group_id: group.fb_group_id },
              query: {
                cursor,
                limit,
                reactions_per_post: settings.engagement_sync_reactions_per_post,
                comments_per_post: settings.engagement_sync_comments_per_post,
              },
            },
            headers,
            signal,
          }),
        `The posts of ${group.name} could not be read`,
      );
      const { posts, ended } = reach.take(page.posts, scanned);
      if (posts.length > 0) {
        await postBatch(
          ctx,
          () => api.POST('/robot/jobs/{job_id}/posts', { params: { path: { job_id: job.id } }, body: { batch_no: batchNo, posts }, headers, signal }),
          'The robot could not store the posts it read',
        );
      }
      scanned += posts.length;
      const last = ended || page.next_cursor === null;
      await job.report(scanned, last ? scanned : reach.postsBack);
      if (last) return { job_id: job.id, posts: scanned };
      cursor = page.next_cursor ?? undefined;
      await ctx.wait(pacing.postPageDelayMs, signal);
    }
  });
}
