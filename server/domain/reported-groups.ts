import { and, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import type { MembershipRole } from '../db/enums';
import { reported_groups } from '../db/schema';

/**
 * Keeps what the user's robot reported about their own place in these groups (POST
 * /robot/user_groups): the user's own word, apart from the groups' member lists.
 */
export async function recordReportedGroups(
  db: AppDb,
  userId: number,
  reported: ReadonlyArray<{ groupId: number; role: MembershipRole }>,
  at: Date,
): Promise<void> {
  if (reported.length === 0) return;
  await db
    .insert(reported_groups)
    .values(reported.map((group) => ({ user_id: userId, group_id: group.groupId, role: group.role, reported_at: at })))
    .onConflictDoUpdate({
      target: [reported_groups.user_id, reported_groups.group_id],
      set: { role: sql`excluded.role`, reported_at: sql`excluded.reported_at` },
    });
}

/** The role the user last reported having in the group; undefined when they never reported it. */
export async function findReportedRole(db: AppDb, userId: number, groupId: number): Promise<MembershipRole | undefined> {
  const [row] = await db
    .select({ role: reported_groups.role })
    .from(reported_groups)
    .where(and(eq(reported_groups.user_id, userId), eq(reported_groups.group_id, groupId)))
    .limit(1);
  return row?.role;
}
