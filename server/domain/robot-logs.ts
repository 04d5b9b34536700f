import { inArray } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import type { RobotLogLevel } from '../db/enums';
import { groups, robot_logs } from '../db/schema';

export interface RobotLogLine {
  level: RobotLogLevel;
  message: string;
  exec_id: string;
  robot_version: string;
  group_id?: number | null;
  data?: Record<string, unknown>;
}

/**
 * Stores the robot's log lines for the supervisor's robot-log screens. A line may name any group
 * (during onboarding the user holds none yet); a group that does not exist is dropped from it.
 */
export async function storeRobotLogs(db: AppDb, userId: number, lines: readonly RobotLogLine[], at: Date): Promise<number> {
  const named = [...new Set(lines.flatMap((line) => (line.group_id ? [line.group_id] : [])))];
  const existing =
    named.length === 0
      ? new Set<number>()
      : new Set((await db.select({ id: groups.id }).from(groups).where(inArray(groups.id, named))).map((group) => group.id));
  await db.insert(robot_logs).values(
    lines.map((line) => ({
      user_id: userId,
      group_id: line.group_id && existing.has(line.group_id) ? line.group_id : null,
      robot_version: line.robot_version,
      level: line.level,
      message: line.message,
      exec_id: line.exec_id,
      data: line.data ?? {},
      created_at: at,
    })),
  );
  return lines.length;
}
