import { everyValueOf } from '../../../../rules/contract';
import type { SubscribedPlan } from '../../../../rules/plans';
import type { ChartData } from '../../../ui/chartData';
import type { Monitor } from './loadOps';

/** Spec part 2 §9: plan once is shown as Lifetime. */
export const PLAN_LABELS: Record<SubscribedPlan, string> = { free: 'Free', monthly: 'Monthly', annual: 'Annual', once: 'Lifetime' };
export const PLANS_SHOWN = everyValueOf<SubscribedPlan>()(['free', 'monthly', 'annual', 'once']);

export type MonitorChartKind = 'growth' | 'ingestion' | 'errors' | 'activity';

export const MONITOR_CHART_TITLES: Record<MonitorChartKind, string> = {
  growth: 'Users and groups',
  ingestion: 'Members ingested',
  errors: 'Robot errors',
  activity: 'Posts and engagement',
};

type Row = Record<string, unknown> & { date: string };

function chartOf<R extends Row>(rows: readonly R[], series: Record<string, (row: R) => number>): ChartData {
  const days = [...rows].sort((a, b) => a.date.localeCompare(b.date));
  return {
    from: days[0]?.date ?? '',
    to: days.at(-1)?.date ?? '',
    datasets: Object.entries(series).map(([name, value]) => ({ name, points: days.map((row) => ({ x: row.date, y: value(row) })) })),
  };
}

/** The monitor's charts over its last days: users and groups at each day's end, members reported and robot errors each day, and the totals of posts, reactions and comments. */
export function monitorCharts(monitor: Monitor): Record<MonitorChartKind, ChartData> {
  const totals = monitor.metrics.filter((metric) => metric.group_id === null);
  return {
    growth: chartOf(monitor.history, { users: (day) => day.users, groups: (day) => day.groups }),
    ingestion: chartOf(monitor.history, { 'members ingested': (day) => day.members_ingested }),
    errors: chartOf(monitor.history, { errors: (day) => day.robot_errors }),
    activity: chartOf(totals, { posts: (day) => day.posts, reactions: (day) => day.reactions, comments: (day) => day.comments }),
  };
}

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'];

/** A size in bytes as people read it: '512 bytes', '3.4 MB'. */
export function formatBytes(bytes: number): string {
  let size = bytes;
  let unit = 0;
  while (size >= 1024 && unit < UNITS.length - 1) {
    size /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${size} bytes` : `${size.toFixed(1)} ${UNITS[unit]}`;
}

export const formatCount = (count: number) => count.toLocaleString('en-US');
