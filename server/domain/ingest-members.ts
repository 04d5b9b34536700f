import type { AppDb } from '../db/connect';
import type { MembershipRole } from '../db/enums';
import { distinctPeople, upsertScannedPeople, type ScannedPerson } from './network-people';
import { upsertScannedMemberships } from './scanned-memberships';

export interface ScannedMember extends ScannedPerson {
  /** A member the scan read without a role is a subscriber. */
  role?: MembershipRole;
}

/**
 * A batch of a members scan of a group the reporting user holds: the members are created or
 * refreshed (upsertScannedPeople says which shared fields a report may change) and put in the group
 * with the scanned role and the name as scanned there; their lists and activity counts are not
 * touched. A member this scan has already seen as they are is not written again. Answers how many
 * members the batch held.
 */
export async function writeMembersBatch(
  db: AppDb,
  userId: number,
  scan: { groupId: number; startedAt: Date },
  scanned: readonly ScannedMember[],
  at: Date,
): Promise<number> {
  const distinct = distinctPeople(scanned);
  const people = await upsertScannedPeople(db, userId, distinct, at);
  await upsertScannedMemberships(
    db,
    distinct.map((member) => {
      const person = people.get(member.fb_user_id)!;
      return { groupId: scan.groupId, memberId: person.id, name: member.name, role: member.role ?? 'subscriber', username: person.fb_username, created: person.created };
    }),
    at,
    scan.startedAt,
  );
  return distinct.length;
}
