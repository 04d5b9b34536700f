import { and, asc, count, desc, eq, gte, ilike, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { operations } from '../../src/api/schema';
import type { AppDb } from '../db/connect';
import type { RobotLogLevel } from '../db/enums';
import { groups, members, robot_logs, users } from '../db/schema';
import { addDays, daysBetween } from './supervisor-days';
import { containsPattern } from './user-search';

type LogsQuery = NonNullable<operations['listSupervisorRobotLogs']['parameters']['query']>;
type ChartQuery = NonNullable<operations['getSupervisorRobotLogChart']['parameters']['query']>;

export type RobotLogLevelFilter = NonNullable<LogsQuery['level']>;
export type RobotLogOrderBy = NonNullable<LogsQuery['order_by']>;
export type RobotLogGroupKey = NonNullable<LogsQuery['group_by']>[number];
export type RobotLogChartVariant = NonNullable<ChartQuery['chart_variant']>;
type ContractLevel = Exclude<RobotLogLevelFilter, 'all'>;

/**
 * The contract's levels are error, warning and debug, which is all a robot can send. The sandbox's
 * history also keeps info lines (a scan started, a scan completed): they are shown, filtered and
 * sorted as debug.
 */
const CONTRACT_LEVEL: Record<RobotLogLevel, ContractLevel> = { error: 'error', warning: 'warning', debug: 'debug', info: 'debug' };
const STORED_LEVELS: Record<ContractLevel, RobotLogLevel[]> = { error: ['error'], warning: ['warning'], debug: ['debug', 'info'] };

export function contractLevel(level: RobotLogLevel): ContractLevel {
  return CONTRACT_LEVEL[level];
}

export interface RobotLogFilter {
  groupId?: number;
  /** Lines of the user linked to this member (the user with the member's fb_user_id). */
  memberId?: number;
  robotVersions?: string[];
  level: RobotLogLevelFilter;
  /** Case-insensitive text in the message. */
  message?: string;
  execId?: string;
  /** Written at or after this moment. */
  from?: Date;
  /** Written before this moment. */
  before?: Date;
}

function filterConditions(db: AppDb, filter: RobotLogFilter): SQL | undefined {
  const linkedUser = (memberId: number) =>
    db.select({ id: users.id }).from(users).innerJoin(members, eq(members.fb_user_id, users.fb_user_id)).where(eq(members.id, memberId));
  return and(
    filter.groupId === undefined ? undefined : eq(robot_logs.group_id, filter.groupId),
    filter.memberId === undefined ? undefined : inArray(robot_logs.user_id, linkedUser(filter.memberId)),
    filter.robotVersions && filter.robotVersions.length > 0 ? inArray(robot_logs.robot_version, filter.robotVersions) : undefined,
    filter.level === 'all' ? undefined : inArray(robot_logs.level, STORED_LEVELS[filter.level]),
    filter.message ? ilike(robot_logs.message, containsPattern(filter.message)) : undefined,
    filter.execId === undefined ? undefined : eq(robot_logs.exec_id, filter.execId),
    filter.from === undefined ? undefined : gte(robot_logs.created_at, filter.from),
    filter.before === undefined ? undefined : lt(robot_logs.created_at, filter.before),
  );
}

/** Levels by severity (error highest), so sorting by level puts errors first going down. */
const SEVERITY = sql`CASE ${robot_logs.level} WHEN 'error' THEN 3 WHEN 'warning' THEN 2 ELSE 1 END`;

const ORDER_COLUMNS: Record<RobotLogOrderBy, SQL | typeof robot_logs.created_at> = {
  created_at: robot_logs.created_at,
  level: SEVERITY,
  robot_version: sql`${robot_logs.robot_version}`,
  message: sql`${robot_logs.message}`,
};

export interface RobotLogOrder {
  by: RobotLogOrderBy;
  direction: 'asc' | 'desc';
}

/** A page of log lines, sorted in SQL (newest first on (created_at desc)), ties broken by id. */
export async function readRobotLogPage(db: AppDb, filter: RobotLogFilter, order: RobotLogOrder, page: number, perPage: number) {
  const matching = filterConditions(db, filter);
  const direction = order.direction === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(robot_logs)
      .where(matching)
      .orderBy(direction(ORDER_COLUMNS[order.by]), direction(robot_logs.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(robot_logs).where(matching),
  ]);
  return { rows, count: total!.n };
}

const GROUP_KEY_COLUMNS = {
  robot_version: robot_logs.robot_version,
  user_id: robot_logs.user_id,
  group_id: robot_logs.group_id,
} as const satisfies Record<RobotLogGroupKey, unknown>;

/**
 * A page of the lines grouped by the keys: one row per distinct combination, with its count and its
 * latest line, and how many combinations there are. Sorted by the latest line for order_by
 * created_at, by the key itself for a key, else (level, message: no single value per group) by the
 * count; ties broken by the keys.
 */
export async function readRobotLogGroups(db: AppDb, filter: RobotLogFilter, keys: readonly RobotLogGroupKey[], order: RobotLogOrder, page: number, perPage: number) {
  const distinctKeys = [...new Set(keys)];
  const matching = filterConditions(db, filter);
  const columns = distinctKeys.map((key) => GROUP_KEY_COLUMNS[key]);
  const keyFields = Object.fromEntries(distinctKeys.map((key) => [key, GROUP_KEY_COLUMNS[key]]));
  const direction = order.direction === 'asc' ? asc : desc;
  const lastAt = sql`max(${robot_logs.created_at})`;
  const first =
    order.by === 'created_at' ? lastAt : distinctKeys.includes(order.by as RobotLogGroupKey) ? GROUP_KEY_COLUMNS[order.by as RobotLogGroupKey] : sql`count(*)`;
  const grouped = db.select(keyFields).from(robot_logs).where(matching).groupBy(...columns).as('grouped');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ...keyFields,
        count: sql<number>`count(*)::int`,
        last_at: lastAt.mapWith(robot_logs.created_at),
      })
      .from(robot_logs)
      .where(matching)
      .groupBy(...columns)
      .orderBy(direction(first), ...columns.map((column) => asc(column)))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(grouped),
  ]);
  return { rows: rows as Array<Partial<Record<RobotLogGroupKey, string | number | null>> & { count: number; last_at: Date }>, count: total!.n };
}

/** The most series a chart draws: the ten with the most lines in the range. */
const CHART_SERIES = 10;
/** The contract's limit on a series' name. */
const MAX_SERIES_NAME = 255;

const SERIES_OF: Record<RobotLogChartVariant, SQL> = {
  message: sql`${robot_logs.message}`,
  groups: sql`${robot_logs.group_id}::text`,
  users: sql`${robot_logs.user_id}::text`,
};

/** What a series of lines without a group or a user is called. */
const NO_GROUP = 'No group';
const NO_USER = 'No user';

async function seriesNames(db: AppDb, variant: RobotLogChartVariant, keys: Array<string | null>): Promise<Map<string | null, string>> {
  const names = new Map<string | null, string>();
  if (variant === 'message') {
    for (const key of keys) names.set(key, key ?? '');
    return names;
  }
  const ids = keys.flatMap((key) => (key === null ? [] : [Number(key)]));
  const table = variant === 'groups' ? groups : users;
  const rows = ids.length === 0 ? [] : await db.select({ id: table.id, name: table.name }).from(table).where(inArray(table.id, ids));
  const byId = new Map(rows.map((row) => [String(row.id), row.name]));
  for (const key of keys) {
    names.set(key, key === null ? (variant === 'groups' ? NO_GROUP : NO_USER) : (byId.get(key) ?? `${variant === 'groups' ? 'Group' : 'User'} ${key}`));
  }
  return names;
}

/**
 * Lines per UTC day between two days, both included: one series per message, group or user (the
 * ten with the most lines), each with every day of the range (0 where it had none), the busiest
 * series first.
 */
export async function readRobotLogChart(db: AppDb, filter: RobotLogFilter, variant: RobotLogChartVariant, range: { from: string; to: string }) {
  const matching = filterConditions(db, filter) ?? sql`true`;
  const series = SERIES_OF[variant];
  const { rows } = await db.execute<{ series: string | null; day: string; n: number; total: number }>(sql`
    WITH lines AS (
      SELECT ${series} AS series, (${robot_logs.created_at} AT TIME ZONE 'UTC')::date AS day
      FROM ${robot_logs} WHERE ${matching}
    ), top AS (
      SELECT series, count(*)::int AS total FROM lines GROUP BY series ORDER BY total DESC, series LIMIT ${CHART_SERIES}
    )
    SELECT top.series, to_char(lines.day, 'YYYY-MM-DD') AS day, count(*)::int AS n, top.total
    FROM lines JOIN top ON lines.series IS NOT DISTINCT FROM top.series
    GROUP BY top.series, top.total, lines.day`);
  const totals = new Map<string | null, number>();
  const counts = new Map<string | null, Map<string, number>>();
  for (const row of rows) {
    totals.set(row.series, Number(row.total));
    if (!counts.has(row.series)) counts.set(row.series, new Map());
    counts.get(row.series)!.set(row.day, Number(row.n));
  }
  const keys = [...totals.keys()].sort((a, b) => totals.get(b)! - totals.get(a)! || String(a).localeCompare(String(b)));
  const names = await seriesNames(db, variant, keys);
  const days = Array.from({ length: Math.max(0, daysBetween(range.from, range.to)) }, (_, index) => addDays(range.from, index));
  return keys.map((key) => ({
    name: names.get(key)!.slice(0, MAX_SERIES_NAME),
    points: days.map((day) => ({ x: day, y: counts.get(key)!.get(day) ?? 0 })),
  }));
}
