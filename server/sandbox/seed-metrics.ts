import { membersJoinedBy } from './placement';
import { generatePost, newestPostIndex, oldestPostIndexSince } from './posts';
import type { ScannedGroup } from './seed-scan';
import { daysAfter, daysBefore, startOfUtcDay, utcDay } from './seed-time';
import { DAY_MS, type SandboxWorld } from './world';

export const METRIC_DAYS = 180;

export interface DailyMetric {
  day: string;
  active: number;
  inactive: number;
  whitelisted: number;
  removed: number;
  posts: number;
  reactions: number;
  comments: number;
  shares: number;
}

/**
 * Activity per day is counted from the network itself; the member lists are a smooth curve
 * that ends exactly at today's list sizes.
 */
export function dailyMetricsFor(world: SandboxWorld, scanned: ScannedGroup): DailyMetric[] {
  const firstDay = startOfUtcDay(daysBefore(world.now, METRIC_DAYS - 1));
  const days = Array.from({ length: METRIC_DAYS }, (_, i) => daysAfter(firstDay, i));
  const activity = activityByDay(world, scanned, firstDay);
  const lists = listSizesByDay(world, scanned, days);
  return days.map((day, i) => {
    const key = utcDay(day);
    const counts = activity.get(key);
    return {
      day: key,
      ...lists[i]!,
      posts: counts?.posts ?? 0,
      reactions: counts?.reactions ?? 0,
      comments: counts?.comments ?? 0,
      shares: counts?.shares ?? 0,
    };
  });
}

type ActivityCounts = Pick<DailyMetric, 'posts' | 'reactions' | 'comments' | 'shares'>;

function activityByDay(world: SandboxWorld, scanned: ScannedGroup, firstDay: Date): Map<string, ActivityCounts> {
  const { layout, settings } = scanned;
  const byDay = new Map<string, ActivityCounts>();
  const bump = (moment: Date, field: keyof ActivityCounts) => {
    if (moment < firstDay || moment > world.now) return;
    const key = utcDay(moment);
    const counts = byDay.get(key) ?? { posts: 0, reactions: 0, comments: 0, shares: 0 };
    counts[field] += 1;
    byDay.set(key, counts);
  };
  // Posts from a little before the first day still collect engagements inside the window.
  const first = oldestPostIndexSince(world, layout, daysBefore(firstDay, 10));
  const last = newestPostIndex(world, layout, world.now);
  for (let index = first; index <= last; index += 1) {
    const post = generatePost(world, layout, index);
    bump(post.posted_at, 'posts');
    post.reactions.slice(0, settings.engagement_sync_reactions_per_post).forEach((e) => bump(e.created_at, 'reactions'));
    post.comments.slice(0, settings.engagement_sync_comments_per_post).forEach((e) => bump(e.created_at, 'comments'));
    post.shares.forEach((e) => bump(e.created_at, 'shares'));
  }
  return byDay;
}

type ListSizes = Pick<DailyMetric, 'active' | 'inactive' | 'whitelisted' | 'removed'>;

function listSizesByDay(world: SandboxWorld, scanned: ScannedGroup, days: Date[]): ListSizes[] {
  const { memberships, layout } = scanned;
  const removedTimes = memberships.flatMap((m) => (m.removed_at ? [m.removed_at.getTime()] : []));
  const whitelistedTimes = memberships.flatMap((m) => (m.whitelisted_at ? [m.whitelisted_at.getTime()] : []));
  const activeNow = memberships.filter(
    (m) => !m.is_removed && !m.is_whitelisted && m.posts_count + m.comments_count + m.reactions_count > 0,
  ).length;
  const remainingNow = memberships.length - removedTimes.length - whitelistedTimes.length;
  const activeShareNow = remainingNow > 0 ? activeNow / remainingNow : 0;
  const last = days.length - 1;

  return days.map((day, i) => {
    const endOfDay = i === last ? world.now : new Date(day.getTime() + DAY_MS - 1);
    const total = i === last ? memberships.length : membersJoinedBy(layout, world, endOfDay);
    const removed = removedTimes.filter((time) => time <= endOfDay.getTime()).length;
    const whitelisted = whitelistedTimes.filter((time) => time <= endOfDay.getTime()).length;
    const remaining = Math.max(0, total - removed - whitelisted);
    const drift = 1 + 0.05 * Math.sin((2 * Math.PI * (i - last)) / 61) - 0.1 * (1 - i / last);
    const active = i === last ? activeNow : Math.round(remaining * Math.min(1, Math.max(0, activeShareNow * drift)));
    return { active, inactive: remaining - active, whitelisted, removed };
  });
}
