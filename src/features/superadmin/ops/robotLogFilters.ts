import { everyValueOf } from '../../../../rules/contract';
import { fromSearchParams, type ListQuery } from '../../../../machines/listQuery/query';
import type { operations } from '../../../api/schema';
import { isIsoDate } from '../../../ui/calendarDate';

type BrowseQuery = NonNullable<operations['listSupervisorRobotLogs']['parameters']['query']>;
type ChartQuery = NonNullable<operations['getSupervisorRobotLogChart']['parameters']['query']>;

export type RobotLogLevelFilter = NonNullable<BrowseQuery['level']>;
export type RobotLogOrderBy = NonNullable<BrowseQuery['order_by']>;
export type RobotLogOrder = NonNullable<BrowseQuery['order']>;
export type RobotLogGroupBy = NonNullable<BrowseQuery['group_by']>[number];
export type RobotLogChartVariant = NonNullable<ChartQuery['chart_variant']>;

/** Spec part 2 §9: level all, error, warning, debug (default all). */
export const ROBOT_LOG_LEVELS = everyValueOf<RobotLogLevelFilter>()(['all', 'error', 'warning', 'debug']);
/** Spec part 2 §9: group_by robot_version, user_id, group_id. */
export const ROBOT_LOG_GROUP_BY = everyValueOf<RobotLogGroupBy>()(['robot_version', 'user_id', 'group_id']);
/** Spec part 2 §9: chart_variant message, groups, users (default message). */
export const ROBOT_LOG_CHART_VARIANTS = everyValueOf<RobotLogChartVariant>()(['message', 'groups', 'users']);
export const ROBOT_LOG_ORDER_BY = everyValueOf<RobotLogOrderBy>()(['created_at', 'level', 'robot_version', 'message']);
const ORDERS = everyValueOf<RobotLogOrder>()(['asc', 'desc']);
/** Spec part 2 §9: per_page 25 (25, 50, 100). */
export const ROBOT_LOG_PER_PAGE_OPTIONS = [25, 50, 100] as const;

/**
 * The robot log's filter set (spec part 2 §3) as the address holds it, each with its default, which
 * is left out of the address. Browse and chart share it, so switching between them keeps the filters.
 */
export const ROBOT_LOG_QUERY_DEFAULTS: ListQuery = {
  group_id: '',
  member_id: '',
  robot_version: '',
  level: 'all',
  message: '',
  exec_id: '',
  from: '',
  to: '',
  order: 'desc',
  order_by: 'created_at',
  group_by: '',
  page: '1',
  per_page: '25',
  chart_variant: 'message',
};

/** The filter typed into (debounced 1000 ms) and the 'to' date (200 ms), spec part 2 §9. */
export const ROBOT_LOG_TEXT_FILTER = 'message';
export const ROBOT_LOG_TO_DATE_FILTER = 'to';

export interface RobotLogFilters {
  groupId: number | null;
  memberId: number | null;
  robotVersions: string[];
  level: RobotLogLevelFilter;
  message: string;
  execId: string;
  from: string | null;
  to: string | null;
  order: RobotLogOrder;
  orderBy: RobotLogOrderBy;
  groupBy: RobotLogGroupBy[];
  page: number;
  perPage: number;
  chartVariant: RobotLogChartVariant;
}

/** The contract's limits on the filters. */
const MAX_ID = 2147483647;
const MAX_MESSAGE_LENGTH = 200;
const MAX_EXEC_ID_LENGTH = 64;
const MAX_ROBOT_VERSIONS = 20;
const ROBOT_VERSION = /^[0-9]+(\.[0-9]+){0,3}$/;
const MAX_ROBOT_VERSION_LENGTH = 32;

function positiveInt(value: string, max = MAX_ID): number | null {
  const parsed = Number(value);
  return /^\d+$/.test(value) && parsed >= 1 && parsed <= max ? parsed : null;
}

function oneOf<Value extends string>(values: readonly Value[], value: string, fallback: Value): Value {
  return (values as readonly string[]).includes(value) ? (value as Value) : fallback;
}

function isRobotVersion(value: string): boolean {
  return value.length <= MAX_ROBOT_VERSION_LENGTH && ROBOT_VERSION.test(value);
}

/** Robot versions as typed ('2.4.0, 2.3.1' or '2.4.0|2.3.1'): the ones that are versions, once each. */
export function readRobotVersions(text: string): string[] {
  return [...new Set(text.split(/[|,\s]+/).filter(isRobotVersion))].slice(0, MAX_ROBOT_VERSIONS);
}

/** A list as the address and the server take it: pipe-delimited (spec part 2 §2). */
export const pipeList = (values: readonly string[]) => values.join('|');

/** The filters an address asks for; values the server would refuse are dropped back to their defaults. */
export function readRobotLogFilters(params: URLSearchParams): RobotLogFilters {
  const query = fromSearchParams(params, ROBOT_LOG_QUERY_DEFAULTS);
  const date = (value: string) => (isIsoDate(value) ? value : null);
  const [from, to] = [date(query.from), date(query.to)];
  const ordered = from === null || to === null || from <= to;
  const perPage = positiveInt(query.per_page);
  const groupBy = new Set(query.group_by.split('|'));
  return {
    groupId: positiveInt(query.group_id),
    memberId: positiveInt(query.member_id),
    robotVersions: readRobotVersions(query.robot_version),
    level: oneOf(ROBOT_LOG_LEVELS, query.level, 'all'),
    message: query.message.trim().slice(0, MAX_MESSAGE_LENGTH),
    execId: query.exec_id.trim().slice(0, MAX_EXEC_ID_LENGTH),
    from: ordered ? from : null,
    to: ordered ? to : null,
    order: oneOf(ORDERS, query.order, 'desc'),
    orderBy: oneOf(ROBOT_LOG_ORDER_BY, query.order_by, 'created_at'),
    groupBy: ROBOT_LOG_GROUP_BY.filter((key) => groupBy.has(key)),
    page: positiveInt(query.page) ?? 1,
    perPage: perPage !== null && (ROBOT_LOG_PER_PAGE_OPTIONS as readonly number[]).includes(perPage) ? perPage : ROBOT_LOG_PER_PAGE_OPTIONS[0],
    chartVariant: oneOf(ROBOT_LOG_CHART_VARIANTS, query.chart_variant, 'message'),
  };
}

export const DEFAULT_ROBOT_LOG_FILTERS: RobotLogFilters = readRobotLogFilters(new URLSearchParams());

/** What both the lines and the chart are narrowed by; defaults are not sent. Dates go as YYYY-MM-DD (spec part 2 §7). */
function sharedQuery(filters: RobotLogFilters): BrowseQuery & ChartQuery {
  return {
    ...(filters.groupId !== null ? { group_id: filters.groupId } : {}),
    ...(filters.memberId !== null ? { member_id: filters.memberId } : {}),
    ...(filters.robotVersions.length > 0 ? { robot_version: filters.robotVersions } : {}),
    ...(filters.level !== 'all' ? { level: filters.level } : {}),
    ...(filters.message !== '' ? { message: filters.message } : {}),
    ...(filters.execId !== '' ? { exec_id: filters.execId } : {}),
    ...(filters.from !== null ? { from: filters.from } : {}),
    ...(filters.to !== null ? { to: filters.to } : {}),
  };
}

/** GET /supervisor/robot_logs's query for the filters: lines in the chosen order, or their groups with counts. */
export function browseQuery(filters: RobotLogFilters): BrowseQuery {
  const sorted = filters.order !== 'desc' || filters.orderBy !== 'created_at';
  return {
    ...sharedQuery(filters),
    ...(filters.groupBy.length > 0 ? { group_by: filters.groupBy } : sorted ? { order: filters.order, order_by: filters.orderBy } : {}),
    page: filters.page,
    per_page: filters.perPage,
  };
}

/** GET /supervisor/robot_logs/chart's query for the filters. */
export function chartQuery(filters: RobotLogFilters): ChartQuery {
  return { ...sharedQuery(filters), ...(filters.chartVariant !== 'message' ? { chart_variant: filters.chartVariant } : {}) };
}

/** Whether any filter but the page differs from its default, so Reset has something to clear. */
export function isFiltered(filters: RobotLogFilters): boolean {
  const { page: _page, ...chosen } = filters;
  const { page: _defaultPage, ...defaults } = DEFAULT_ROBOT_LOG_FILTERS;
  return JSON.stringify(chosen) !== JSON.stringify(defaults);
}
