import { sql } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import type { MembershipRole } from '../db/enums';
import { memberships } from '../db/schema';

export interface ScannedMembership {
  groupId: number;
  memberId: number;
  /** Copied to memberships.member_name, which the lists sort and search on. */
  name: string;
  role: MembershipRole;
}

/** 6 columns a row, far below PostgreSQL's 65,535 bind parameters. */
const ROWS_PER_STATEMENT = 2_000;

/**
 * A holder keeps the role admin whatever a scan says: holding the group here (acquired, or
 * granted by a holder) is the product's decision, and only a revoke takes it away.
 */
const ROLE_UNLESS_HOLDER = sql`CASE WHEN ${memberships.is_admin_holder} THEN 'admin' ELSE excluded.role END`;

/**
 * Records people in a group with the role the scan read: new memberships are created, existing
 * ones get the role and the name; their lists and activity counts are left alone. Touching
 * updated_at marks the membership as seen by the scan.
 */
export async function upsertScannedMemberships(
  db: AppDb,
  scanned: readonly ScannedMembership[],
  at: Date,
): Promise<Array<{ groupId: number; memberId: number; role: MembershipRole }>> {
  const answered: Array<{ groupId: number; memberId: number; role: MembershipRole }> = [];
  for (let start = 0; start < scanned.length; start += ROWS_PER_STATEMENT) {
    const rows = await db
      .insert(memberships)
      .values(
        scanned.slice(start, start + ROWS_PER_STATEMENT).map((membership) => ({
          group_id: membership.groupId,
          member_id: membership.memberId,
          member_name: membership.name,
          role: membership.role,
          created_at: at,
          updated_at: at,
        })),
      )
      .onConflictDoUpdate({
        target: [memberships.group_id, memberships.member_id],
        set: { member_name: sql`excluded.member_name`, role: ROLE_UNLESS_HOLDER, updated_at: sql`excluded.updated_at` },
      })
      .returning({ groupId: memberships.group_id, memberId: memberships.member_id, role: memberships.role });
    answered.push(...rows);
  }
  return answered;
}

/** People seen in the group's posts are its members: new ones join as subscribers; existing ones are not touched. */
export async function ensureMemberships(
  db: AppDb,
  groupId: number,
  people: ReadonlyArray<Pick<ScannedMembership, 'memberId' | 'name'>>,
  at: Date,
): Promise<void> {
  for (let start = 0; start < people.length; start += ROWS_PER_STATEMENT) {
    await db
      .insert(memberships)
      .values(
        people.slice(start, start + ROWS_PER_STATEMENT).map((person) => ({
          group_id: groupId,
          member_id: person.memberId,
          member_name: person.name,
          role: 'subscriber' as const,
          created_at: at,
          updated_at: at,
        })),
      )
      .onConflictDoNothing({ target: [memberships.group_id, memberships.member_id] });
  }
}
