import { and, eq } from 'drizzle-orm';
import type { AppDb } from '../../../server/db/connect';
import type { RobotJobName } from '../../../server/db/enums';
import { groups, held_departures, members, memberships, robot_jobs, users } from '../../../server/db/schema';
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

/**
 * A running job of the given command on a group the role's user holds (made for the call, so no
 * two calls share a job): robot job calls answer the same to every role that gets past the
 * access checks. A removal job's one member has been moved to removed, as removals require.
 */
export async function ownRobotJob(db: AppDb, world: RoleWorld, role: Role, name: RobotJobName): Promise<number> {
  if (role === 'anonymous') return 1;
  const { memberId, groupId } = await newGroupFor(db, world, role);
  await db.insert(memberships).values({ group_id: groupId, member_id: memberId, member_name: role, role: 'admin', is_admin_holder: true });
  const [leaving] = await db.insert(members).values({ fb_user_id: `84${String(groupsMade).padStart(5, '0')}`, name: 'Leaving Member' }).returning();
  await db.insert(memberships).values({ group_id: groupId, member_id: leaving!.id, member_name: leaving!.name, is_removed: true });
  const args =
    name === 'remove_group_members'
      ? { id: groupId, members: [{ id: leaving!.id, fb_user_id: leaving!.fb_user_id, name: leaving!.name }] }
      : { id: groupId };
  const [job] = await db.insert(robot_jobs).values({ group_id: groupId, name, args }).returning({ id: robot_jobs.id });
  return job!.id;
}

let membersMade = 0;

/** A new subscriber of the role world's group in the given list, for one move call to move. */
export async function groupMemberIn(db: AppDb, world: RoleWorld, list: 'inactive' | 'whitelisted' | 'removed'): Promise<number> {
  membersMade += 1;
  const [member] = await db
    .insert(members)
    .values({ fb_user_id: `85${String(membersMade).padStart(5, '0')}`, name: `Moving Member ${membersMade}` })
    .returning({ id: members.id });
  await db.insert(memberships).values({
    group_id: world.group.id,
    member_id: member!.id,
    member_name: `Moving Member ${membersMade}`,
    is_whitelisted: list === 'whitelisted',
    is_removed: list === 'removed',
  });
  return member!.id;
}

/**
 * Departures held from a completed members scan of the role world's group (a new member the scan
 * did not see), replacing any the group held: one confirm or dismiss call to decide. Its job id.
 */
export async function heldDepartureIn(db: AppDb, world: RoleWorld): Promise<number> {
  const scannedAt = new Date('2026-01-10T00:00:00Z');
  const [job] = await db
    .insert(robot_jobs)
    .values({ group_id: world.group.id, name: 'fetch_group_members', status: 'completed', started_at: scannedAt, finished_at: scannedAt })
    .returning({ id: robot_jobs.id });
  const memberId = await groupMemberIn(db, world, 'inactive');
  const [membership] = await db
    .update(memberships)
    .set({ updated_at: new Date('2026-01-01T00:00:00Z') })
    .where(and(eq(memberships.group_id, world.group.id), eq(memberships.member_id, memberId)))
    .returning({ id: memberships.id });
  await db.delete(held_departures).where(eq(held_departures.group_id, world.group.id));
  await db.insert(held_departures).values({ membership_id: membership!.id, group_id: world.group.id, job_id: job!.id });
  return job!.id;
}
