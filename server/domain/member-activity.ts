import { sql } from 'drizzle-orm';
import type { AppDb } from '../db/connect';

/**
 * Recomputes the members' posts, reactions and comments counts and their last activity in the
 * group from the stored posts and engagements (shares count no activity, as in the seed), so
 * counts are right however often a post is scanned. The list column follows by itself.
 */
export async function recomputeMemberActivity(db: AppDb, groupId: number, memberIds: readonly number[]): Promise<void> {
  if (memberIds.length === 0) return;
  await db.execute(sql`
    UPDATE memberships AS m
    SET posts_count = p.posts,
        reactions_count = e.reactions,
        comments_count = e.comments,
        last_activity_at = GREATEST(p.last_posted_at, e.last_engaged_at)
    FROM jsonb_array_elements_text(${JSON.stringify(memberIds)}::jsonb) AS touched(member_id)
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS posts, max(posted_at) AS last_posted_at
      FROM posts
      WHERE group_id = ${groupId} AND member_id = touched.member_id::int
    ) AS p
    CROSS JOIN LATERAL (
      SELECT count(*) FILTER (WHERE kind = 'reaction')::int AS reactions,
             count(*) FILTER (WHERE kind = 'comment')::int AS comments,
             max(created_at) FILTER (WHERE kind IN ('reaction', 'comment')) AS last_engaged_at
      FROM engagements
      WHERE group_id = ${groupId} AND member_id = touched.member_id::int
    ) AS e
    WHERE m.group_id = ${groupId} AND m.member_id = touched.member_id::int
  `);
}
