import { isPaidPlan, type SubscribedPlan } from '../../rules/plans';

/** Removal protection (spec part 1 §4, §9): no more than 100 removals a day and 500 a week. */
export const DAILY_REMOVAL_LIMIT = 100;
export const WEEKLY_REMOVAL_LIMIT = 500;
/**
 * What a free group may remove in its whole life before it needs PRO. The spec leaves the number
 * open; its group-list colour rule (left / 10) implies ten.
 */
export const FREE_REMOVAL_ALLOWANCE = 10;

const DAY_MS = 86_400_000;

/** Removals a group has spent: today (UTC), this week (UTC, from Monday) and ever. */
export interface RemovalUsage {
  today: number;
  thisWeek: number;
  total: number;
}

export const NO_REMOVALS: RemovalUsage = { today: 0, thisWeek: 0, total: 0 };

export interface RemovalLimit {
  limit: number;
  left: number;
  spent: number;
}

export interface RemovalLimits {
  /** What may be removed right now: the tightest limit that applies to the plan. */
  current: RemovalLimit;
  daily: RemovalLimit;
  weekly: RemovalLimit;
  free: RemovalLimit;
  /** When current.left next grows; null when it never will (a spent free allowance). */
  reset_at: Date | null;
  seconds_till_reset: number | null;
}

/** The UTC day and the UTC week (from Monday) that `now` falls in, as date-column values, and when each ends. */
export function removalPeriods(now: Date) {
  const dayStart = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const daysSinceMonday = (new Date(dayStart).getUTCDay() + 6) % 7;
  const weekStart = dayStart - daysSinceMonday * DAY_MS;
  return {
    today: new Date(dayStart).toISOString().slice(0, 10),
    weekStart: new Date(weekStart).toISOString().slice(0, 10),
    dayEnds: new Date(dayStart + DAY_MS),
    weekEnds: new Date(weekStart + 7 * DAY_MS),
  };
}

function limitOf(limit: number, spent: number): RemovalLimit {
  return { limit, left: Math.max(0, limit - spent), spent };
}

/**
 * Paid groups are held to the daily and weekly recommendation; free groups also to their free
 * allowance, which never resets. The free allowance is reported for every plan.
 */
export function removalLimits(plan: SubscribedPlan, usage: RemovalUsage, now: Date): RemovalLimits {
  const periods = removalPeriods(now);
  const daily = limitOf(DAILY_REMOVAL_LIMIT, usage.today);
  const weekly = limitOf(WEEKLY_REMOVAL_LIMIT, usage.thisWeek);
  const free = limitOf(FREE_REMOVAL_ALLOWANCE, usage.total);
  const candidates: { limit: RemovalLimit; resetsAt: Date | null }[] = [
    { limit: daily, resetsAt: periods.dayEnds },
    { limit: weekly, resetsAt: periods.weekEnds },
    ...(!isPaidPlan(plan) ? [{ limit: free, resetsAt: null }] : []),
  ];
  // The tightest limit binds; between equally tight ones, the one that resets last.
  const binding = candidates.reduce((tightest, candidate) => {
    if (candidate.limit.left !== tightest.limit.left) return candidate.limit.left < tightest.limit.left ? candidate : tightest;
    return resetsLater(candidate.resetsAt, tightest.resetsAt) ? candidate : tightest;
  });
  return {
    current: { ...binding.limit },
    daily,
    weekly,
    free,
    reset_at: binding.resetsAt,
    seconds_till_reset: binding.resetsAt === null ? null : Math.ceil((binding.resetsAt.getTime() - now.getTime()) / 1000),
  };
}

function resetsLater(a: Date | null, b: Date | null): boolean {
  if (a === null) return b !== null;
  return b !== null && a > b;
}
