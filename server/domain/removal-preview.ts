import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import { groups, members, memberships } from '../db/schema';
import { DAILY_REMOVAL_LIMIT, NO_REMOVALS, removalLimits, removalPeriods, WEEKLY_REMOVAL_LIMIT, type RemovalLimits } from './removal-limits';
import { readRemovalUsage } from './removal-usage';
import { REMOVABLE_LISTS } from '../../rules/memberMoves';
import { isPaidPlan } from '../../rules/plans';

const DAY_MS = 86_400_000;

export interface RemovalPlan {
  removableNow: number;
  daysNeeded: number;
  completesAt: Date | null;
}

/**
 * When the limits let `count` removals through: today what current.left allows, then each new UTC
 * day up to the daily limit within what the week (from Monday) leaves. A free group's allowance
 * never resets, so a selection beyond it never completes.
 */
export function planRemovals(count: number, limits: RemovalLimits, isFree: boolean, now: Date): RemovalPlan {
  const removableNow = Math.min(count, limits.current.left);
  if (removableNow === count) return { removableNow, daysNeeded: 0, completesAt: count === 0 ? null : now };
  if (isFree && count > limits.free.left) return { removableNow, daysNeeded: 0, completesAt: null };
  let remaining = count - removableNow;
  let weekLeft = limits.weekly.left - removableNow;
  let dayStart = removalPeriods(now).dayEnds.getTime();
  for (let day = 1; ; day += 1, dayStart += DAY_MS) {
    if (new Date(dayStart).getUTCDay() === 1) weekLeft = WEEKLY_REMOVAL_LIMIT;
    const take = Math.min(remaining, DAILY_REMOVAL_LIMIT, weekLeft);
    remaining -= take;
    weekLeft -= take;
    if (remaining === 0) return { removableNow, daysNeeded: day, completesAt: new Date(dayStart) };
  }
}

/**
 * Which of the selected members a robot removal would take (active or inactive ones, never a holder
 * of the group: holdersAmong), and when the limits (pending removals of a running job included) let
 * them all through.
 */
export async function previewRemoval(db: AppDb, groupId: number, memberIds: readonly number[], now: Date) {
  const [group] = await db.select({ plan: groups.subscribed_plan }).from(groups).where(eq(groups.id, groupId));
  const selected = await db
    .select({ id: members.id, name: memberships.member_name, avatar_url: members.avatar_url, fb_user_id: members.fb_user_id })
    .from(memberships)
    .innerJoin(members, eq(members.id, memberships.member_id))
    .where(and(eq(memberships.group_id, groupId), inArray(memberships.member_id, [...new Set(memberIds)]), inArray(memberships.list, [...REMOVABLE_LISTS]), eq(memberships.is_admin_holder, false)))
    .orderBy(asc(memberships.member_name), asc(members.id));
  const usage = (await readRemovalUsage(db, [groupId], now)).get(groupId) ?? NO_REMOVALS;
  const limits = removalLimits(group!.plan, usage, now);
  return { members: selected, limits, plan: planRemovals(selected.length, limits, !isPaidPlan(group!.plan), now) };
}
