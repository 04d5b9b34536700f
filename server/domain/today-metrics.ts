import { sql } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import { removalPeriods } from './removal-limits';

const DAY_MS = 86_400_000;

/**
 * Writes today's (UTC) daily_metrics row of the group from what is stored now: the size of each
 * member list, and the posts published and reactions, comments and shares made today. The
 * dashboard's charts read these rows.
 */
export async function recordTodayMetrics(db: AppDb, groupId: number, at: Date): Promise<void> {
  const { today, dayEnds } = removalPeriods(at);
  const from = new Date(dayEnds.getTime() - DAY_MS).toISOString();
  const to = dayEnds.toISOString();
  await db.execute(sql`
    INSERT INTO daily_metrics (group_id, day, active, inactive, whitelisted, removed, posts, reactions, comments, shares)
    SELECT ${groupId}, ${today}::date, l.active, l.inactive, l.whitelisted, l.removed, p.posts, e.reactions, e.comments, e.shares
    FROM (
      SELECT count(*) FILTER (WHERE list = 'active')::int AS active,
             count(*) FILTER (WHERE list = 'inactive')::int AS inactive,
             count(*) FILTER (WHERE list = 'whitelisted')::int AS whitelisted,
             count(*) FILTER (WHERE list = 'removed')::int AS removed
      FROM memberships WHERE group_id = ${groupId}
    ) AS l
    CROSS JOIN (
      SELECT count(*)::int AS posts FROM posts
      WHERE group_id = ${groupId} AND posted_at >= ${from}::timestamptz AND posted_at < ${to}::timestamptz
    ) AS p
    CROSS JOIN (
      SELECT count(*) FILTER (WHERE kind = 'reaction')::int AS reactions,
             count(*) FILTER (WHERE kind = 'comment')::int AS comments,
             count(*) FILTER (WHERE kind = 'share')::int AS shares
      FROM engagements
      WHERE group_id = ${groupId} AND created_at >= ${from}::timestamptz AND created_at < ${to}::timestamptz
    ) AS e
    ON CONFLICT (group_id, day) DO UPDATE SET
      active = excluded.active, inactive = excluded.inactive, whitelisted = excluded.whitelisted, removed = excluded.removed,
      posts = excluded.posts, reactions = excluded.reactions, comments = excluded.comments, shares = excluded.shares
  `);
}
