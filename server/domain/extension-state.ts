import { and, asc, desc, eq, inArray, isNotNull, max } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import { DEFAULT_GROUP_SCHEDULE } from '../db/group-defaults';
import type { GroupSchedule, ScheduledJobConfig } from '../db/json-types';
import { groups, robot_jobs, robot_logs } from '../db/schema';
import { paidFeatureRefusal } from '../../rules/plans';
import { nextRunAt } from '../../rules/schedule';
import { liveJobSince } from './robot-jobs';
import type { RobotJobRow } from './robot-jobs';

export type ScheduledJobName = keyof GroupSchedule;

export interface ScheduledJob {
  group_id: number;
  name: ScheduledJobName;
  next_run_at: Date | null;
  config: ScheduledJobConfig;
}

/** What the server knows of the user's robot: the running jobs (abandoned ones left out), the scheduled ones, the version it last reported. */
export interface ServerExtensionState {
  robotVersion: string | null;
  activeJobs: RobotJobRow[];
  scheduledJobs: ScheduledJob[];
}

const SCHEDULED_JOB_NAMES: ScheduledJobName[] = ['fetch_group_members', 'fetch_group_posts'];

/**
 * The extension state of the groups given (the user's held groups, or one of them). Free and
 * locked groups cannot schedule (spec part 2 §6), so they have no scheduled jobs.
 */
export async function readExtensionState(db: AppDb, userId: number, groupIds: readonly number[], now: Date): Promise<ServerExtensionState> {
  const [lastLog] = await db
    .select({ robotVersion: robot_logs.robot_version })
    .from(robot_logs)
    .where(and(eq(robot_logs.user_id, userId), isNotNull(robot_logs.robot_version)))
    .orderBy(desc(robot_logs.created_at), desc(robot_logs.id))
    .limit(1);
  if (groupIds.length === 0) return { robotVersion: lastLog?.robotVersion ?? null, activeJobs: [], scheduledJobs: [] };

  const activeJobs = await db
    .select()
    .from(robot_jobs)
    .where(and(inArray(robot_jobs.group_id, [...groupIds]), eq(robot_jobs.status, 'running'), liveJobSince(now)))
    .orderBy(asc(robot_jobs.started_at), asc(robot_jobs.id));
  return { robotVersion: lastLog?.robotVersion ?? null, activeJobs, scheduledJobs: await scheduledJobs(db, groupIds, now) };
}

async function scheduledJobs(db: AppDb, groupIds: readonly number[], now: Date): Promise<ScheduledJob[]> {
  const schedulable = await db
    .select({ id: groups.id, subscribed_plan: groups.subscribed_plan, is_locked: groups.is_locked, schedule: groups.schedule })
    .from(groups)
    .where(inArray(groups.id, [...groupIds]))
    .orderBy(asc(groups.name), asc(groups.id));
  const history = await jobHistory(db, groupIds);
  return schedulable
    .filter((group) => paidFeatureRefusal(group) === null)
    .flatMap((group) =>
      SCHEDULED_JOB_NAMES.flatMap((name): ScheduledJob[] => {
        const config = { ...DEFAULT_GROUP_SCHEDULE[name], ...group.schedule[name] };
        if (!config.enabled) return [];
        const followedName = config.afterJob as ScheduledJobName | null;
        const followed = followedName
          ? {
              lastCompletedAt: history.get(`${group.id}:${followedName}`)?.lastCompletedAt ?? null,
              followerLastStartedAt: history.get(`${group.id}:${name}`)?.lastStartedAt ?? null,
            }
          : undefined;
        return [{ group_id: group.id, name, next_run_at: nextRunAt(config, now, followed), config }];
      }),
    );
}

/** Per group and job name: when it last started and when it last completed. */
async function jobHistory(db: AppDb, groupIds: readonly number[]): Promise<Map<string, { lastStartedAt: Date | null; lastCompletedAt: Date | null }>> {
  const started = await db
    .select({ groupId: robot_jobs.group_id, name: robot_jobs.name, at: max(robot_jobs.started_at) })
    .from(robot_jobs)
    .where(inArray(robot_jobs.group_id, [...groupIds]))
    .groupBy(robot_jobs.group_id, robot_jobs.name);
  const completed = await db
    .select({ groupId: robot_jobs.group_id, name: robot_jobs.name, at: max(robot_jobs.finished_at) })
    .from(robot_jobs)
    .where(and(inArray(robot_jobs.group_id, [...groupIds]), eq(robot_jobs.status, 'completed')))
    .groupBy(robot_jobs.group_id, robot_jobs.name);
  const history = new Map<string, { lastStartedAt: Date | null; lastCompletedAt: Date | null }>();
  for (const row of started) history.set(`${row.groupId}:${row.name}`, { lastStartedAt: row.at, lastCompletedAt: null });
  for (const row of completed) {
    const key = `${row.groupId}:${row.name}`;
    history.set(key, { lastStartedAt: history.get(key)?.lastStartedAt ?? null, lastCompletedAt: row.at });
  }
  return history;
}
