import { eq } from 'drizzle-orm';
import type { AppDb } from '../../../server/db/connect';
import { groups, members, memberships, users } from '../../../server/db/schema';
import type { Role, RoleWorld } from '../support/roles';

let groupsMade = 0;

/** The member who is the role's user on the network, and a new group for them to be in. */
async function newGroupFor(db: AppDb, world: RoleWorld, role: Exclude<Role, 'anonymous'>) {
  const [user] = await db.select({ fbUserId: users.fb_user_id }).from(users).where(eq(users.id, world.userIds[role]));
  const [member] = await db.select({ id: members.id }).from(members).where(eq(members.fb_user_id, user!.fbUserId!));
  groupsMade += 1;
  const [group] = await db
    .insert(groups)
    .values({ fb_group_id: `83${String(groupsMade).padStart(5, '0')}`, name: `Role Group ${groupsMade}`, subscribed_plan: 'annual' })
    .returning({ id: groups.id });
  return { memberId: member!.id, groupId: group!.id };
}

/** A group nobody holds yet in which the role's user is a scanned admin: theirs to acquire. */
export async function unheldGroupOf(db: AppDb, world: RoleWorld, role: Role): Promise<number> {
  if (role === 'anonymous') return world.group.id;
  const { memberId, groupId } = await newGroupFor(db, world, role);
  await db.insert(memberships).values({ group_id: groupId, member_id: memberId, member_name: role, role: 'admin' });
  return groupId;
}
