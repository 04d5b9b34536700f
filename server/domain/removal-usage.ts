import { sql } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import { NO_REMOVALS, removalPeriods, type RemovalUsage } from './removal-limits';
import { liveJobSince } from './robot-jobs';

/**
 * Removals spent per group today, this week and ever: the daily counters of the removals the robot
 * reported, plus the pending ones (members named by a live remove_group_members job that it has
 * not reported removed since the job started), which count as spent in every period until the
 * job reports them or ends. Running jobs are few, so their args are unnested in SQL and
 * anti-joined with the memberships. One statement, so a batch of reports committing meanwhile is
 * seen either as pending or as counted, never as neither.
 * Every answer that carries removal limits, and every check against them, reads usage here.
 */
export async function readRemovalUsage(db: AppDb, groupIds: readonly number[], now: Date): Promise<Map<number, RemovalUsage>> {
  const usage = new Map<number, RemovalUsage>(groupIds.map((id) => [id, NO_REMOVALS]));
  if (groupIds.length === 0) return usage;
  const { today, weekStart } = removalPeriods(now);
  const groupList = sql.join(
    groupIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const { rows } = await db.execute<{ group_id: number; today: number; this_week: number; total: number }>(sql`
    WITH counted AS (
      SELECT group_id,
             COALESCE(SUM(count) FILTER (WHERE day = ${today}), 0)::int AS today,
             COALESCE(SUM(count) FILTER (WHERE day >= ${weekStart} AND day <= ${today}), 0)::int AS this_week,
             COALESCE(SUM(count), 0)::int AS total
      FROM removal_counters
      WHERE group_id IN (${groupList})
      GROUP BY group_id
    ), pending AS (
      SELECT robot_jobs.group_id, count(DISTINCT job_member.id)::int AS count
      FROM robot_jobs
      CROSS JOIN LATERAL (
        SELECT (element ->> 'id')::int AS id FROM jsonb_array_elements(robot_jobs.args -> 'members') AS element
      ) AS job_member
      WHERE robot_jobs.group_id IN (${groupList})
        AND robot_jobs.name = 'remove_group_members'
        AND robot_jobs.status = 'running'
        AND ${liveJobSince(now)}
        AND NOT EXISTS (
          SELECT 1 FROM memberships
          WHERE memberships.group_id = robot_jobs.group_id
            AND memberships.member_id = job_member.id
            AND memberships.is_removed
            AND memberships.removed_at >= robot_jobs.started_at
        )
      GROUP BY robot_jobs.group_id
    )
    SELECT COALESCE(counted.group_id, pending.group_id) AS group_id,
           COALESCE(counted.today, 0) + COALESCE(pending.count, 0) AS today,
           COALESCE(counted.this_week, 0) + COALESCE(pending.count, 0) AS this_week,
           COALESCE(counted.total, 0) + COALESCE(pending.count, 0) AS total
    FROM counted FULL OUTER JOIN pending ON pending.group_id = counted.group_id`);
  for (const row of rows) {
    usage.set(Number(row.group_id), { today: Number(row.today), thisWeek: Number(row.this_week), total: Number(row.total) });
  }
  return usage;
}
