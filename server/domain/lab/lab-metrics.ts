import { count, eq, sql } from 'drizzle-orm';
import { STORED_MEMBER_LISTS, type StoredMemberList } from '../../../rules/memberLists';
import type { AppDb } from '../../db/connect';
import { daily_metrics, member_list_counts } from '../../db/schema';
import { hashUnit } from '../../sandbox/random';
import { removalPeriods } from '../removal-limits';
import { lockGroup } from './lab-groups';
import { recordLabAction, refused, type LabActor, type LabOutcome } from './lab-action';

const DAY_MS = 86_400_000;

type ListSizes = Record<StoredMemberList, number>;

/** The lists of a group of the lab's usual size (500 fake members), for a group that has no members yet. */
const NOMINAL_LISTS: ListSizes = { active: 300, inactive: 180, whitelisted: 12, removed: 8 };

/** A day's posts for every this many members still in the group, at least one. */
const MEMBERS_PER_DAILY_POST = 150;
const REACTIONS_PER_POST = 12;
const COMMENTS_PER_REACTION = 0.3;
const SHARES_PER_REACTION = 0.05;

async function listSizesOf(tx: AppDb, groupId: number): Promise<ListSizes> {
  const rows = await tx.select({ list: member_list_counts.list, count: member_list_counts.count }).from(member_list_counts).where(eq(member_list_counts.group_id, groupId));
  const sizes = Object.fromEntries(STORED_MEMBER_LISTS.map((list) => [list, 0])) as ListSizes;
  for (const row of rows) sizes[row.list] = row.count;
  return STORED_MEMBER_LISTS.some((list) => sizes[list] > 0) ? sizes : NOMINAL_LISTS;
}

async function metricDaysOf(tx: AppDb, groupId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(daily_metrics).where(eq(daily_metrics.group_id, groupId));
  return row!.n;
}

/**
 * The group's daily metrics of the last `days` days, today included, as the robot's finished jobs
 * write them (today-metrics.ts) and the dashboard charts read them: list sizes that end at the
 * group's current ones (a nominal group's when it has no members), and each day's posts, reactions,
 * comments and shares for a group of its size. Everything trends up towards today, or down with
 * `reverse`, with a little seeded day-to-day noise. Days already written are written again.
 */
export async function fakeMetrics(db: AppDb, actor: LabActor, groupId: number, days: number, reverse: boolean): Promise<LabOutcome<{ from: string; to: string }>> {
  return db.transaction(async (tx) => {
    if (!(await lockGroup(tx, groupId))) return refused('not_found');
    const before = await metricDaysOf(tx, groupId);
    const today = removalPeriods(actor.at).today;
    const lists = await listSizesOf(tx, groupId);
    const dailyPosts = Math.max(1, Math.round((lists.active + lists.inactive + lists.whitelisted) / MEMBERS_PER_DAILY_POST));
    const rows = Array.from({ length: days }, (_, i) => {
      const day = new Date(Date.parse(today) - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10);
      const t = days === 1 ? 1 : i / (days - 1);
      const trend = reverse ? 1.5 - 0.5 * t : 0.5 + 0.5 * t;
      const noise = (salt: number) => 0.85 + 0.3 * hashUnit(groupId, Date.parse(day) / DAY_MS, salt);
      const isToday = i === days - 1;
      const size = (list: StoredMemberList, salt: number) => (isToday ? lists[list] : Math.round(lists[list] * trend * (0.95 + 0.05 * noise(salt))));
      const postsOfDay = Math.round(dailyPosts * trend * noise(10));
      const reactions = Math.round(postsOfDay * REACTIONS_PER_POST * noise(11));
      return {
        group_id: groupId,
        day,
        active: size('active', 1),
        inactive: size('inactive', 2),
        whitelisted: size('whitelisted', 3),
        removed: size('removed', 4),
        posts: postsOfDay,
        reactions,
        comments: Math.round(reactions * COMMENTS_PER_REACTION * noise(12)),
        shares: Math.round(reactions * SHARES_PER_REACTION * noise(13)),
      };
    });
    const fields = ['active', 'inactive', 'whitelisted', 'removed', 'posts', 'reactions', 'comments', 'shares'] as const;
    await tx
      .insert(daily_metrics)
      .values(rows)
      .onConflictDoUpdate({
        target: [daily_metrics.group_id, daily_metrics.day],
        set: Object.fromEntries(fields.map((field) => [field, sql.raw(`excluded.${field}`)])),
      });
    const after = await metricDaysOf(tx, groupId);
    await recordLabAction(tx, actor, { action: 'fake_metrics', groupId, diff: { daily_metrics: [before, after] }, about: { days, reverse } });
    return { done: { from: rows[0]!.day, to: rows.at(-1)!.day } };
  });
}

/** The group's daily metrics go; the charts fall back on what its scans stored. */
export async function removeLabMetrics(db: AppDb, actor: LabActor, groupId: number): Promise<LabOutcome<{ removed: number }>> {
  return db.transaction(async (tx) => {
    if (!(await lockGroup(tx, groupId))) return refused('not_found');
    const removed = await tx.delete(daily_metrics).where(eq(daily_metrics.group_id, groupId)).returning({ id: daily_metrics.id });
    await recordLabAction(tx, actor, { action: 'remove_metrics', groupId, diff: { daily_metrics: [removed.length, 0] } });
    return { done: { removed: removed.length } };
  });
}
