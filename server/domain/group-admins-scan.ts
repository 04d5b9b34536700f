import { eq } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import type { MembershipRole } from '../db/enums';
import { groups } from '../db/schema';
import { findCallerMembership } from './caller-member';
import { demoteUnlistedAdmins, hasReportedOrJoined, listHolders, readOwnership, type Ownership } from './group-ownership';
import { distinctPeople, upsertScannedPeople, type ScannedPerson } from './network-people';
import { upsertScannedMemberships } from './scanned-memberships';

export interface ScannedAdmin extends ScannedPerson {
  role?: MembershipRole;
}

export type GroupAdminsOutcome = { ownership: Ownership } | { refused: 'not_found' | 'already_acquired' };

/**
 * Records a group's admins as scanned (fetch_group_owners): each becomes a member with the role
 * admin, admins no longer listed become subscribers (holders excepted), and nobody becomes a
 * holder: acquiring is a separate, deliberate step. The group row is locked, as acquiring locks it,
 * so a report cannot slip in while someone acquires the group. Only a group nobody holds yet (onboarding) or
 * one the user holds takes the report: a group someone else holds is theirs, and is refused
 * without a write. One transaction. not_found when the user has not reported the group.
 */
export async function recordGroupAdmins(
  db: AppDb,
  userId: number,
  groupId: number,
  admins: readonly ScannedAdmin[],
  at: Date,
): Promise<GroupAdminsOutcome> {
  return db.transaction(async (tx) => {
    const [group] = await tx.select().from(groups).where(eq(groups.id, groupId)).for('update');
    if (!group || !(await hasReportedOrJoined(tx, userId, groupId))) return { refused: 'not_found' };
    const mine = await findCallerMembership(tx, userId, groupId);
    const holdsIt = mine !== undefined && mine.isAdminHolder && !mine.isRemoved;
    if (!holdsIt && (await listHolders(tx, groupId)).length > 0) return { refused: 'already_acquired' };
    const scanned = distinctPeople(admins);
    const people = await upsertScannedPeople(tx, userId, scanned, at);
    const rows = scanned.map((admin) => ({ groupId, memberId: people.get(admin.fb_user_id)!.id, name: admin.name, role: admin.role ?? ('admin' as const) }));
    await upsertScannedMemberships(tx, rows, at);
    await demoteUnlistedAdmins(tx, groupId, rows.filter((row) => row.role === 'admin').map((row) => row.memberId), at);
    return { ownership: await readOwnership(tx, userId, group) };
  });
}
