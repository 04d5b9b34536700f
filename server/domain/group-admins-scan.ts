import type { AppDb } from '../db/connect';
import type { MembershipRole } from '../db/enums';
import { findCallerMembership } from './caller-member';
import { demoteUnlistedAdmins, readOwnership, type Ownership } from './group-ownership';
import { findGroup } from './held-groups';
import { distinctPeople, upsertScannedPeople, type ScannedPerson } from './network-people';
import { upsertScannedMemberships } from './scanned-memberships';

export interface ScannedAdmin extends ScannedPerson {
  role?: MembershipRole;
}

/**
 * Records a group's admins as scanned (fetch_group_owners): each becomes a member with the role
 * admin, admins no longer listed become subscribers, and nobody becomes a holder: acquiring is a
 * separate, deliberate step. One transaction. Undefined when the user has not reported the group.
 */
export async function recordGroupAdmins(
  db: AppDb,
  userId: number,
  groupId: number,
  admins: readonly ScannedAdmin[],
  at: Date,
): Promise<Ownership | undefined> {
  return db.transaction(async (tx) => {
    const group = await findGroup(tx, groupId);
    if (!group || !(await findCallerMembership(tx, userId, groupId))) return undefined;
    const scanned = distinctPeople(admins);
    const people = await upsertScannedPeople(tx, scanned, at);
    const rows = scanned.map((admin) => {
      const member = people.get(admin.fb_user_id)!;
      return { groupId, memberId: member.id, name: member.name, role: admin.role ?? ('admin' as const) };
    });
    await upsertScannedMemberships(tx, rows, at);
    await demoteUnlistedAdmins(tx, groupId, rows.filter((row) => row.role === 'admin').map((row) => row.memberId), at);
    return readOwnership(tx, userId, group);
  });
}
