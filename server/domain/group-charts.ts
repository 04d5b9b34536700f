import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { operations } from '../../src/api/schema';
import { STORED_MEMBER_LISTS } from '../../rules/memberLists';
import type { AppDb } from '../db/connect';
import { daily_metrics } from '../db/schema';

export type ChartKind = operations['getGroupChart']['parameters']['path']['kind'];

export interface ChartDataset {
  name: string;
  points: { x: string; y: number }[];
}

const ACTIVITY_SERIES = ['posts', 'reactions', 'comments'] as const;

/**
 * The dashboard's chart from the group's daily metrics between two days (inclusive). members: the
 * list sizes of each week's last day with metrics, at the week's Monday; activities: each day's
 * posts, reactions and comments. No datasets when the range has no metrics.
 */
export async function readGroupChart(db: AppDb, groupId: number, kind: ChartKind, from: string, to: string): Promise<ChartDataset[]> {
  const m = daily_metrics;
  const inRange = and(eq(m.group_id, groupId), gte(m.day, from), lte(m.day, to));
  if (kind === 'activities') {
    const rows = await db
      .select({ day: m.day, posts: m.posts, reactions: m.reactions, comments: m.comments })
      .from(m)
      .where(inRange)
      .orderBy(asc(m.day));
    if (rows.length === 0) return [];
    return ACTIVITY_SERIES.map((name) => ({ name, points: rows.map((row) => ({ x: row.day, y: row[name] })) }));
  }
  const week = sql<string>`to_char(date_trunc('week', ${m.day}::timestamp), 'YYYY-MM-DD')`;
  const rows = await db
    .selectDistinctOn([week], { week, active: m.active, inactive: m.inactive, whitelisted: m.whitelisted, removed: m.removed })
    .from(m)
    .where(inRange)
    .orderBy(week, sql`${m.day} desc`);
  if (rows.length === 0) return [];
  return STORED_MEMBER_LISTS.map((name) => ({ name, points: rows.map((row) => ({ x: row.week, y: row[name] })) }));
}
