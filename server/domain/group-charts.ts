import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { operations } from '../../src/api/schema';
import { STORED_MEMBER_LISTS, type StoredMemberList } from '../../rules/memberLists';
import type { AppDb } from '../db/connect';
import { daily_metrics } from '../db/schema';

export type ChartKind = operations['getGroupChart']['parameters']['path']['kind'];

export interface ChartDataset {
  name: string;
  points: { x: string; y: number }[];
}

/** The days a chart covers, both ends included, and the server's UTC day: ISO dates ('yyyy-MM-dd'). */
export interface ChartDays {
  from: string;
  to: string;
  today: string;
}

const ACTIVITY_SERIES = ['posts', 'reactions', 'comments'] as const;

const DAY_MS = 86_400_000;
const addDays = (day: string, days: number) => new Date(Date.parse(day) + days * DAY_MS).toISOString().slice(0, 10);
const earliest = (...days: string[]) => days.reduce((a, b) => (a < b ? a : b));
/** The Monday of a day's ISO week. */
const mondayOf = (day: string) => addDays(day, -((new Date(Date.parse(day)).getUTCDay() + 6) % 7));

/**
 * The dashboard's chart of a group between two days, both included (docs/ARCHITECTURE.md, "Dashboard
 * charts"). A group has daily metrics only from the days its jobs finished, so each chart also counts
 * what the scans stored: activities from the posts, reactions and comments dated each day, member
 * lists from each membership's first-sync date. No datasets when nothing is known about the range.
 */
export async function readGroupChart(db: AppDb, groupId: number, kind: ChartKind, days: ChartDays): Promise<ChartDataset[]> {
  return kind === 'activities' ? readActivities(db, groupId, days) : readMembers(db, groupId, days);
}

interface ActivityDay extends Record<string, unknown> {
  day: string;
  posts: number;
  reactions: number;
  comments: number;
}

/**
 * Each day's posts, reactions and comments: what the stored posts and engagements dated that day
 * count, or the day's daily metrics where they say more (a day's metrics may reach further back than
 * the stored posts). Today is left out, as it is still under way. Days before the first one the group
 * has anything for are left out too; days after it without activity count 0.
 */
async function readActivities(db: AppDb, groupId: number, { from, to, today }: ChartDays): Promise<ChartDataset[]> {
  const last = earliest(to, addDays(today, -1));
  if (last < from) return [];
  const start = sql`(${from}::date::timestamp AT TIME ZONE 'UTC')`;
  const end = sql`((${last}::date + 1)::timestamp AT TIME ZONE 'UTC')`;
  const result = await db.execute<ActivityDay>(sql`
    WITH first_known AS (
      SELECT least(
        (SELECT min(day) FROM daily_metrics WHERE group_id = ${groupId}),
        (SELECT (min(posted_at) AT TIME ZONE 'UTC')::date FROM posts WHERE group_id = ${groupId}),
        (SELECT (min(created_at) AT TIME ZONE 'UTC')::date FROM engagements WHERE group_id = ${groupId})
      ) AS day
    ), days AS (
      SELECT d::date AS day
      FROM first_known, generate_series(greatest(${from}::date, first_known.day), ${last}::date, interval '1 day') AS d
    ), scanned_posts AS (
      SELECT (posted_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS posts
      FROM posts WHERE group_id = ${groupId} AND posted_at >= ${start} AND posted_at < ${end}
      GROUP BY 1
    ), scanned_engagements AS (
      SELECT (created_at AT TIME ZONE 'UTC')::date AS day,
             count(*) FILTER (WHERE kind = 'reaction')::int AS reactions,
             count(*) FILTER (WHERE kind = 'comment')::int AS comments
      FROM engagements WHERE group_id = ${groupId} AND created_at >= ${start} AND created_at < ${end}
      GROUP BY 1
    )
    SELECT to_char(days.day, 'YYYY-MM-DD') AS day,
           coalesce(greatest(m.posts, p.posts), 0)::int AS posts,
           coalesce(greatest(m.reactions, e.reactions), 0)::int AS reactions,
           coalesce(greatest(m.comments, e.comments), 0)::int AS comments
    FROM days
    LEFT JOIN daily_metrics AS m ON m.group_id = ${groupId} AND m.day = days.day
    LEFT JOIN scanned_posts AS p ON p.day = days.day
    LEFT JOIN scanned_engagements AS e ON e.day = days.day
    ORDER BY days.day
  `);
  const rows = result.rows;
  if (rows.length === 0) return [];
  return ACTIVITY_SERIES.map((name) => ({ name, points: rows.map((row) => ({ x: row.day, y: row[name] })) }));
}

type ListSizes = Record<StoredMemberList, number>;

/**
 * Each week's list sizes, at the week's Monday: those of the week's last day with daily metrics, or,
 * for a week without metrics, those counted from the memberships on the week's last day in the range
 * (today at the latest). Weeks before the first member was synced are left out.
 */
async function readMembers(db: AppDb, groupId: number, { from, to, today }: ChartDays): Promise<ChartDataset[]> {
  const m = daily_metrics;
  const week = sql<string>`to_char(date_trunc('week', ${m.day}::timestamp), 'YYYY-MM-DD')`;
  const measured = await db
    .selectDistinctOn([week], { week, active: m.active, inactive: m.inactive, whitelisted: m.whitelisted, removed: m.removed })
    .from(m)
    .where(and(eq(m.group_id, groupId), gte(m.day, from), lte(m.day, to)))
    .orderBy(week, sql`${m.day} desc`);
  const byWeek = new Map<string, ListSizes>(measured.map(({ week: monday, ...sizes }) => [monday, sizes]));

  const lastDay = earliest(to, today);
  const unmeasured: Array<{ monday: string; day: string }> = [];
  for (let monday = mondayOf(from); monday <= lastDay; monday = addDays(monday, 7)) {
    if (!byWeek.has(monday)) unmeasured.push({ monday, day: earliest(addDays(monday, 6), lastDay) });
  }
  if (unmeasured.length > 0) {
    const sizesOn = await membershipListsByDay(db, groupId, lastDay);
    for (const { monday, day } of unmeasured) {
      const sizes = sizesOn(day);
      if (STORED_MEMBER_LISTS.some((list) => sizes[list] > 0)) byWeek.set(monday, sizes);
    }
  }
  if (byWeek.size === 0) return [];
  const weeks = [...byWeek.keys()].sort();
  return STORED_MEMBER_LISTS.map((name) => ({ name, points: weeks.map((monday) => ({ x: monday, y: byWeek.get(monday)![name] })) }));
}

/**
 * The list sizes on any day up to lastDay, from the memberships: a member counts from the day of
 * their first sync, in the removed list from the day of their removal, and before that in the list
 * they are in now (whitelisted, active or inactive), as no earlier list is recorded.
 */
async function membershipListsByDay(db: AppDb, groupId: number, lastDay: string): Promise<(day: string) => ListSizes> {
  const result = await db.execute<{ day: string; list: StoredMemberList; delta: number }>(sql`
    WITH people AS (
      SELECT (created_at AT TIME ZONE 'UTC')::date AS synced,
             CASE WHEN is_removed THEN greatest((created_at AT TIME ZONE 'UTC')::date, (coalesce(removed_at, created_at) AT TIME ZONE 'UTC')::date) END AS removed,
             CASE WHEN is_whitelisted THEN 'whitelisted'
                  WHEN posts_count + comments_count + reactions_count > 0 THEN 'active'
                  ELSE 'inactive' END AS kept
      FROM memberships WHERE group_id = ${groupId}
    )
    SELECT to_char(change.day, 'YYYY-MM-DD') AS day, change.list, sum(change.delta)::int AS delta
    FROM people
    CROSS JOIN LATERAL (VALUES (people.synced, people.kept, 1), (people.removed, people.kept, -1), (people.removed, 'removed', 1))
      AS change(day, list, delta)
    WHERE change.day IS NOT NULL AND change.day <= ${lastDay}::date
    GROUP BY change.day, change.list
    ORDER BY change.day
  `);
  const changes = result.rows;
  return (day) => {
    const sizes: ListSizes = { active: 0, inactive: 0, whitelisted: 0, removed: 0 };
    for (const change of changes) {
      if (change.day > day) break;
      sizes[change.list] += change.delta;
    }
    return sizes;
  };
}
