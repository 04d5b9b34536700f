import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppDb } from '../../../server/db/connect';
import { groups, members, memberships, users } from '../../../server/db/schema';
import type { RoleWorld } from './roles';

/**
 * What the roles' calls rely on in a role world: each role's user (their profile id, supervisor
 * and ban), both groups' plan and lock, and each role's memberships there. An operation that
 * changes any of it changes what every later operation answers.
 */
export async function roleWorldState(db: AppDb, world: RoleWorld) {
  const userIds = Object.values(world.userIds);
  const groupIds = [world.group.id, world.otherGroup.id];
  const people = await db
    .select({ id: users.id, fb_user_id: users.fb_user_id, is_supervisor: users.is_supervisor, is_banned: users.is_banned })
    .from(users)
    .where(inArray(users.id, userIds))
    .orderBy(asc(users.id));
  const fbUserIds = people.flatMap((person) => (person.fb_user_id ? [person.fb_user_id] : []));
  return {
    users: people,
    groups: await db
      .select({ id: groups.id, subscribed_plan: groups.subscribed_plan, is_locked: groups.is_locked })
      .from(groups)
      .where(inArray(groups.id, groupIds))
      .orderBy(asc(groups.id)),
    memberships:
      fbUserIds.length === 0
        ? []
        : await db
            .select({ group_id: memberships.group_id, fb_user_id: members.fb_user_id, role: memberships.role, holder: memberships.is_admin_holder, removed: memberships.is_removed })
            .from(memberships)
            .innerJoin(members, eq(members.id, memberships.member_id))
            .where(and(inArray(memberships.group_id, groupIds), inArray(members.fb_user_id, fbUserIds)))
            .orderBy(asc(memberships.group_id), asc(members.fb_user_id)),
  };
}
