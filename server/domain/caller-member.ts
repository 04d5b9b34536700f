import { and, eq } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import type { MembershipRole } from '../db/enums';
import { members, memberships, users } from '../db/schema';
import { findUser } from './users';

export interface CallerMembership {
  membershipId: number;
  role: MembershipRole;
  isAdminHolder: boolean;
  isRemoved: boolean;
}

/**
 * The member who is the user on the network (same fb_user_id), created from their profile when
 * no scan has met them yet. Undefined for a user without a network id.
 */
export async function ensureCallerMember(db: AppDb, userId: number, at: Date): Promise<{ id: number; name: string } | undefined> {
  const user = await findUser(db, userId);
  if (!user?.fb_user_id) return undefined;
  await db
    .insert(members)
    .values({
      fb_user_id: user.fb_user_id,
      fb_username: user.fb_username,
      name: user.name,
      avatar_url: user.avatar_url,
      created_at: at,
      updated_at: at,
    })
    .onConflictDoNothing({ target: members.fb_user_id });
  const [member] = await db.select({ id: members.id, name: members.name }).from(members).where(eq(members.fb_user_id, user.fb_user_id));
  return member;
}

/** The user's membership in the group, through their member; undefined when no scan has put them in it. */
export async function findCallerMembership(db: AppDb, userId: number, groupId: number): Promise<CallerMembership | undefined> {
  const [row] = await db
    .select({
      membershipId: memberships.id,
      role: memberships.role,
      isAdminHolder: memberships.is_admin_holder,
      isRemoved: memberships.is_removed,
    })
    .from(memberships)
    .innerJoin(members, eq(members.id, memberships.member_id))
    .innerJoin(users, eq(users.fb_user_id, members.fb_user_id))
    .where(and(eq(users.id, userId), eq(memberships.group_id, groupId)))
    .limit(1);
  return row;
}
