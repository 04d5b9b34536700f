import type { AppDb } from '../db/connect';
import type { MembershipRole } from '../db/enums';
import { distinctPeople, upsertScannedPeople, type ScannedPerson } from './network-people';
import { upsertScannedMemberships } from './scanned-memberships';

export interface ScannedMember extends ScannedPerson {
  /** A member the scan read without a role is a subscriber. */
  role?: MembershipRole;
}

/**
 * A batch of a members scan: the members are created or refreshed and put in the group with the
 * scanned role and their name; their lists and activity counts are not touched. Answers how many
 * members the batch held.
 */
export async function writeMembersBatch(db: AppDb, groupId: number, scanned: readonly ScannedMember[], at: Date): Promise<number> {
  const distinct = distinctPeople(scanned);
  const people = await upsertScannedPeople(db, distinct, at);
  await upsertScannedMemberships(
    db,
    distinct.map((member) => {
      const person = people.get(member.fb_user_id)!;
      return { groupId, memberId: person.id, name: person.name, role: member.role ?? 'subscriber' };
    }),
    at,
  );
  return distinct.length;
}
