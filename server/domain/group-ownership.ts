import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import type { MembershipRole } from '../db/enums';
import { groups, members, memberships } from '../db/schema';
import { findCallerMembership, type CallerMembership } from './caller-member';
import type { GroupRow } from './held-groups';
import { findReportedRole } from './reported-groups';

/** A holder as the network shows them to any member of the group: their name and picture, no ids. */
export interface GroupHolder {
  name: string;
  avatar_url: string | null;
}

/** Confirm ownership's state of a group for one user (spec part 1 §4). */
export interface Ownership {
  /** admin while the user holds the group; subscriber in a group others hold; else the role last scanned or reported; null when neither. */
  role: MembershipRole | null;
  /** Who holds the group here: whom to ask for permission. */
  admins: GroupHolder[];
  is_acquired: boolean;
}

/** The members who hold the group here, the one who acquired it first. */
export async function listHolders(db: AppDb, groupId: number): Promise<GroupHolder[]> {
  return db
    .select({ name: members.name, avatar_url: members.avatar_url })
    .from(memberships)
    .innerJoin(members, eq(members.id, memberships.member_id))
    .where(and(eq(memberships.group_id, groupId), eq(memberships.is_admin_holder, true), eq(memberships.is_removed, false)))
    .orderBy(sql`${memberships.granted_at} ASC NULLS FIRST`, asc(members.name), asc(members.id));
}

/**
 * The user's role as confirm ownership reads it (acquired + admin: already an API admin; acquired +
 * another role: contact the admins; not acquired: the scanned role decides, or the reported one when
 * no scan has put the user in the group). So admin means admin rights here once the group is held:
 * a scanned admin of a group someone else holds, and who has not been granted, has none yet and
 * reads as a subscriber until a holder grants them.
 */
function roleHere(mine: CallerMembership | undefined, reported: MembershipRole | undefined, isAcquired: boolean): MembershipRole | null {
  if (mine?.isAdminHolder && !mine.isRemoved) return 'admin';
  if (!mine && !reported) return null;
  return isAcquired ? 'subscriber' : (mine?.role ?? reported!);
}

export async function readOwnership(db: AppDb, userId: number, group: Pick<GroupRow, 'id'>): Promise<Ownership> {
  const holders = await listHolders(db, group.id);
  const isAcquired = holders.length > 0;
  const mine = await findCallerMembership(db, userId, group.id);
  return {
    role: roleHere(mine, mine ? undefined : await findReportedRole(db, userId, group.id), isAcquired),
    admins: holders,
    is_acquired: isAcquired,
  };
}

/**
 * Who holds a group is the product's decision, changed only by acquiring and the permissions flow:
 * list moves never move a holder, and a robot removal never names one. The caller of a group write
 * holds the group, so their own member is one of them. Answers the holders among the members
 * given, by id.
 */
export async function holdersAmong(db: AppDb, groupId: number, memberIds: readonly number[]): Promise<number[]> {
  if (memberIds.length === 0) return [];
  const rows = await db
    .select({ memberId: memberships.member_id })
    .from(memberships)
    .where(and(eq(memberships.group_id, groupId), inArray(memberships.member_id, [...memberIds]), eq(memberships.is_admin_holder, true)));
  return rows.map((row) => row.memberId).sort((a, b) => a - b);
}

/**
 * The user's confirm-ownership state of a group known by its network id, for a user who reported
 * the group (POST /robot/user_groups) or whom a scan put in it. Anyone else learns nothing: not
 * whether we know the group, nor who holds it.
 */
export async function readOwnershipAsMember(db: AppDb, userId: number, fbGroupId: string): Promise<Ownership | undefined> {
  const group = await findGroupByFbId(db, fbGroupId);
  if (!group || !(await hasReportedOrJoined(db, userId, group.id))) return undefined;
  return readOwnership(db, userId, group);
}

/** Whether the user reported the group, or a scan put them in it. */
export async function hasReportedOrJoined(db: AppDb, userId: number, groupId: number): Promise<boolean> {
  return (await findReportedRole(db, userId, groupId)) !== undefined || (await findCallerMembership(db, userId, groupId)) !== undefined;
}

export async function findGroupByFbId(db: AppDb, fbGroupId: string): Promise<GroupRow | undefined> {
  const [group] = await db.select().from(groups).where(eq(groups.fb_group_id, fbGroupId)).limit(1);
  return group;
}

/**
 * Demotes the admins a complete admins scan no longer lists, holders excepted (their role is the
 * product's). An empty scan proves nothing, so it demotes no one.
 */
export async function demoteUnlistedAdmins(db: AppDb, groupId: number, listedMemberIds: readonly number[], at: Date): Promise<void> {
  if (listedMemberIds.length === 0) return;
  await db
    .update(memberships)
    .set({ role: 'subscriber', updated_at: at })
    .where(
      and(
        eq(memberships.group_id, groupId),
        eq(memberships.role, 'admin'),
        eq(memberships.is_admin_holder, false),
        notInArray(memberships.member_id, [...listedMemberIds]),
      ),
    );
}
