import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { SUBSCRIBED_PLANS } from '../../rules/plans';
import type { AppDb } from '../db/connect';
import { ROBOT_JOB_STATUSES, TASK_STATUSES } from '../db/enums';
import {
  audit_logs,
  daily_metrics,
  engagements,
  groups,
  member_list_counts,
  members,
  posts,
  robot_job_batches,
  robot_jobs,
  robot_logs,
  tasks,
  users,
} from '../db/schema';
import { liveJobSince } from './robot-jobs';
import { addDays, dayEnd, dayStart, isoDay } from './supervisor-days';

/** The monitor's history: the last 14 days, today the last of them. */
export const MONITOR_HISTORY_DAYS = 14;
const HOUR_MS = 60 * 60_000;

/** Rows per value of a column, every value the contract names present (0 when none). */
function tally<Value extends string>(values: readonly Value[], rows: Array<{ value: string; n: number }>): Record<Value, number> {
  const counts = Object.fromEntries(values.map((value) => [value, 0])) as Record<Value, number>;
  for (const row of rows) if (row.value in counts) counts[row.value as Value] = Number(row.n);
  return counts;
}

/** The contract's ceiling for a count. */
const MAX_COUNT = 2_147_483_647;

/** A column's sum (0 over no rows), at most the contract's ceiling. */
const cappedSum = (column: AnyPgColumn) => sql<number>`least(coalesce(sum(${column}), 0), ${MAX_COUNT})::int`;

const countOf = async (rows: Promise<Array<{ n: number }>>) => Number((await rows)[0]!.n);

/**
 * The system's figures for the supervisor's monitor: how many of each record there are, groups by
 * plan, the database's size, the task queue and the robot's jobs by status, robot errors and
 * members the robot reported in the last hour, and the last 14 days (users and groups at each day's
 * end, members reported and robot errors that day, the daily metrics' totals).
 *
 * Memberships are the per-list counters' sum (member_list_counts, kept by triggers). A running robot
 * job the robot stopped reporting on counts as failed, as its next start marks it (robot-jobs.ts).
 * Members reported are the members batches' sizes (robot_job_batches.accepted).
 */
export async function readMonitor(db: AppDb, now: Date) {
  const today = isoDay(now.getTime());
  const first = addDays(today, -(MONITOR_HISTORY_DAYS - 1));
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const historyStart = dayStart(first);
  const days = Array.from({ length: MONITOR_HISTORY_DAYS }, (_, index) => addDays(first, index));
  const utcDay = (column: typeof robot_logs.created_at | typeof robot_job_batches.created_at) => sql<string>`to_char((${column} AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD')`;
  const jobStatus = sql<string>`CASE WHEN ${robot_jobs.status} = 'running' AND NOT ${liveJobSince(now)} THEN 'failed' ELSE ${robot_jobs.status} END`;

  const [
    userCount,
    groupCount,
    memberCount,
    membershipCount,
    postCount,
    engagementKinds,
    robotLogCount,
    auditLogCount,
    plans,
    sizeRows,
    taskStatuses,
    jobStatuses,
    errorsLastHour,
    ingestedLastHour,
    existing,
    ingestedByDay,
    errorsByDay,
    metricRows,
  ] = await Promise.all([
    countOf(db.select({ n: count() }).from(users)),
    countOf(db.select({ n: count() }).from(groups)),
    countOf(db.select({ n: count() }).from(members)),
    countOf(db.select({ n: cappedSum(member_list_counts.count) }).from(member_list_counts)),
    countOf(db.select({ n: count() }).from(posts)),
    db.select({ value: engagements.kind, n: count() }).from(engagements).groupBy(engagements.kind),
    countOf(db.select({ n: count() }).from(robot_logs)),
    countOf(db.select({ n: count() }).from(audit_logs)),
    db.select({ value: groups.subscribed_plan, n: count() }).from(groups).groupBy(groups.subscribed_plan),
    db.execute<{ bytes: number }>(sql`SELECT pg_database_size(current_database())::float8 AS bytes`),
    db.select({ value: tasks.status, n: count() }).from(tasks).groupBy(tasks.status),
    // Grouped by position: the status expression carries a parameter, which a repeated GROUP BY would not match.
    db.select({ value: jobStatus, n: count() }).from(robot_jobs).groupBy(sql`1`),
    countOf(db.select({ n: count() }).from(robot_logs).where(and(eq(robot_logs.level, 'error'), gte(robot_logs.created_at, hourAgo)))),
    countOf(
      db
        .select({ n: cappedSum(robot_job_batches.accepted) })
        .from(robot_job_batches)
        .where(and(eq(robot_job_batches.kind, 'members'), gte(robot_job_batches.created_at, hourAgo))),
    ),
    db.execute<{ day: string; users: number; groups: number }>(sql`
      SELECT to_char(day, 'YYYY-MM-DD') AS day,
             (SELECT count(*)::int FROM ${users} WHERE ${users.created_at} < ((day + 1)::timestamp AT TIME ZONE 'UTC')) AS users,
             (SELECT count(*)::int FROM ${groups} WHERE ${groups.created_at} < ((day + 1)::timestamp AT TIME ZONE 'UTC')) AS groups
      FROM (SELECT moment::date AS day FROM generate_series(${first}::date, ${today}::date, interval '1 day') AS moment) AS days`),
    db
      .select({ day: utcDay(robot_job_batches.created_at), n: cappedSum(robot_job_batches.accepted) })
      .from(robot_job_batches)
      .where(and(eq(robot_job_batches.kind, 'members'), gte(robot_job_batches.created_at, historyStart), lt(robot_job_batches.created_at, dayEnd(today))))
      .groupBy(utcDay(robot_job_batches.created_at)),
    db
      .select({ day: utcDay(robot_logs.created_at), n: count() })
      .from(robot_logs)
      .where(and(eq(robot_logs.level, 'error'), gte(robot_logs.created_at, historyStart), lt(robot_logs.created_at, dayEnd(today))))
      .groupBy(utcDay(robot_logs.created_at)),
    db
      .select({
        date: daily_metrics.day,
        members_active: cappedSum(daily_metrics.active),
        members_inactive: cappedSum(daily_metrics.inactive),
        members_whitelisted: cappedSum(daily_metrics.whitelisted),
        members_removed: cappedSum(daily_metrics.removed),
        posts: cappedSum(daily_metrics.posts),
        reactions: cappedSum(daily_metrics.reactions),
        comments: cappedSum(daily_metrics.comments),
      })
      .from(daily_metrics)
      .where(and(gte(daily_metrics.day, first), lt(daily_metrics.day, addDays(today, 1))))
      .groupBy(daily_metrics.day)
      .orderBy(daily_metrics.day),
  ]);

  const kinds = tally(['reaction', 'comment', 'share'] as const, engagementKinds);
  const existingByDay = new Map(existing.rows.map((row) => [row.day, row]));
  const ingested = new Map(ingestedByDay.map((row) => [row.day, Number(row.n)]));
  const errors = new Map(errorsByDay.map((row) => [row.day, Number(row.n)]));
  return {
    counts: {
      users: userCount,
      groups: groupCount,
      members: memberCount,
      memberships: membershipCount,
      posts: postCount,
      comments: kinds.comment,
      reactions: kinds.reaction,
      robot_logs: robotLogCount,
      audit_logs: auditLogCount,
    },
    groups_by_plan: tally(SUBSCRIBED_PLANS, plans),
    db_size_bytes: Number(sizeRows.rows[0]!.bytes),
    tasks: tally(TASK_STATUSES, taskStatuses),
    jobs: { pending: 0, ...tally([...ROBOT_JOB_STATUSES], jobStatuses) },
    robot_errors_last_hour: errorsLastHour,
    members_ingested_last_hour: ingestedLastHour,
    history: days.map((day) => ({
      date: day,
      users: Number(existingByDay.get(day)?.users ?? 0),
      groups: Number(existingByDay.get(day)?.groups ?? 0),
      members_ingested: ingested.get(day) ?? 0,
      robot_errors: errors.get(day) ?? 0,
    })),
    metrics: metricRows.map((row) => ({ ...row, group_id: null })),
    generated_at: now,
  };
}
