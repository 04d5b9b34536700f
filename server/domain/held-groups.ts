import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import { groups, members, memberships, users } from '../db/schema';

export type GroupRow = typeof groups.$inferSelect;

/** The groups a user holds admin rights for here (through their member), by name. Subscriber groups are not theirs. */
export async function listHeldGroups(db: AppDb, userId: number): Promise<GroupRow[]> {
  const rows = await db
    .select({ group: groups })
    .from(groups)
    .innerJoin(memberships, eq(memberships.group_id, groups.id))
    .innerJoin(members, eq(members.id, memberships.member_id))
    .innerJoin(users, eq(users.fb_user_id, members.fb_user_id))
    .where(and(eq(users.id, userId), eq(memberships.is_admin_holder, true), eq(memberships.is_removed, false)))
    .orderBy(asc(groups.name), asc(groups.id));
  return rows.map((row) => row.group);
}

/** The ids of the groups the user holds, as a subquery to filter by (the rule of listHeldGroups). */
export function heldGroupIds(db: AppDb, userId: number) {
  return db
    .select({ id: memberships.group_id })
    .from(memberships)
    .innerJoin(members, eq(members.id, memberships.member_id))
    .innerJoin(users, eq(users.fb_user_id, members.fb_user_id))
    .where(and(eq(users.id, userId), eq(memberships.is_admin_holder, true), eq(memberships.is_removed, false)));
}

/** Whether the user holds admin rights for the group here (acquired or granted), which makes it theirs to act on. */
export async function holdsGroup(db: AppDb, userId: number, groupId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(memberships)
    .innerJoin(members, eq(members.id, memberships.member_id))
    .innerJoin(users, eq(users.fb_user_id, members.fb_user_id))
    .where(
      and(
        eq(users.id, userId),
        eq(memberships.group_id, groupId),
        eq(memberships.is_admin_holder, true),
        eq(memberships.is_removed, false),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function findGroup(db: AppDb, groupId: number): Promise<GroupRow | undefined> {
  const [group] = await db.select().from(groups).where(eq(groups.id, groupId)).limit(1);
  return group;
}
