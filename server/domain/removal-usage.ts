import { inArray, sql } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import { removal_counters } from '../db/schema';
import { NO_REMOVALS, removalPeriods, type RemovalUsage } from './removal-limits';

/** Removals spent per group today, this week and ever, summed from the daily counters in one query. */
export async function readRemovalUsage(db: AppDb, groupIds: readonly number[], now: Date): Promise<Map<number, RemovalUsage>> {
  const usage = new Map<number, RemovalUsage>(groupIds.map((id) => [id, NO_REMOVALS]));
  if (groupIds.length === 0) return usage;
  const { today, weekStart } = removalPeriods(now);
  const c = removal_counters;
  const rows = await db
    .select({
      groupId: c.group_id,
      today: sql<number>`COALESCE(SUM(${c.count}) FILTER (WHERE ${c.day} = ${today}), 0)::int`,
      thisWeek: sql<number>`COALESCE(SUM(${c.count}) FILTER (WHERE ${c.day} >= ${weekStart} AND ${c.day} <= ${today}), 0)::int`,
      total: sql<number>`COALESCE(SUM(${c.count}), 0)::int`,
    })
    .from(c)
    .where(inArray(c.group_id, [...groupIds]))
    .groupBy(c.group_id);
  for (const row of rows) usage.set(row.groupId, { today: row.today, thisWeek: row.thisWeek, total: row.total });
  return usage;
}
