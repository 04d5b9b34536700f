import { eq } from 'drizzle-orm';
import type { AppDb } from '../../db/connect';
import { removal_counters } from '../../db/schema';
import { countRemovals } from '../ingest-removals';
import { removalPeriods, type RemovalUsage } from '../removal-limits';
import { readRemovalUsage } from '../removal-usage';
import { lockGroup } from './lab-groups';
import { recordLabAction, refused, type LabActionName, type LabActor, type LabOutcome } from './lab-action';

const DAY_MS = 86_400_000;

/** When the lab's removals happened: today, this week, or before this week (part 2 §7). */
export type RemovalPeriod = 'day' | 'week' | 'before_week';

/**
 * The day a period's removals are counted on: today; the week's first day (Monday, UTC), which
 * is today on a Monday; the day before the week began, which only the free allowance counts.
 */
export function removalDay(period: RemovalPeriod, now: Date): string {
  const { today, weekStart } = removalPeriods(now);
  if (period === 'day') return today;
  if (period === 'week') return weekStart;
  return new Date(Date.parse(weekStart) - DAY_MS).toISOString().slice(0, 10);
}

function usageDiff(before: RemovalUsage, after: RemovalUsage): Record<string, [number, number]> {
  const diff: Record<string, [number, number]> = {};
  if (before.today !== after.today) diff.removals_today = [before.today, after.today];
  if (before.thisWeek !== after.thisWeek) diff.removals_this_week = [before.thisWeek, after.thisWeek];
  if (before.total !== after.total) diff.removals_total = [before.total, after.total];
  return diff;
}

/** Changes the group's removal counters and audits how its spent removals moved, in one transaction. */
async function changeRemovals(
  db: AppDb,
  actor: LabActor,
  action: LabActionName,
  groupId: number,
  change: (tx: AppDb) => Promise<void>,
): Promise<LabOutcome<RemovalUsage>> {
  return db.transaction(async (tx) => {
    if (!(await lockGroup(tx, groupId))) return refused('not_found');
    const before = (await readRemovalUsage(tx, [groupId], actor.at)).get(groupId)!;
    await change(tx);
    const after = (await readRemovalUsage(tx, [groupId], actor.at)).get(groupId)!;
    const diff = usageDiff(before, after);
    if (Object.keys(diff).length > 0) await recordLabAction(tx, actor, { action, groupId, diff });
    return { done: after };
  });
}

/** Counts `count` removals as spent in the period, as the robot's removal reports count theirs (removal_counters). */
export async function spendRemovals(db: AppDb, actor: LabActor, groupId: number, count: number, period: RemovalPeriod): Promise<LabOutcome<RemovalUsage>> {
  return changeRemovals(db, actor, 'members_removal', groupId, (tx) => countRemovals(tx, groupId, removalDay(period, actor.at), count));
}

/** Forgets the group's spent removals: every limit is full again (but for the members a running removal job has yet to remove). */
export async function resetRemovals(db: AppDb, actor: LabActor, groupId: number): Promise<LabOutcome<RemovalUsage>> {
  return changeRemovals(db, actor, 'members_removal_reset', groupId, async (tx) => {
    await tx.delete(removal_counters).where(eq(removal_counters.group_id, groupId));
  });
}
