import { sql, type SQL } from 'drizzle-orm';
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
 * Records people in a group with the role the scan read: new memberships are created, existing
 * ones get the role and the name; their lists and activity counts are left alone. A holder keeps
 * the role admin whatever a scan says: holding the group here (acquired, or granted by a holder)
 * is the product's decision, and only a revoke takes it away. Touching updated_at marks the
 * membership as seen by the scan; a membership already seen since `seenSince` (the scan's start)
 * that the scan finds as it is stays unwritten.
 *
 * One statement whatever the number of rows, the rows travelling as one array per column: known
 * memberships are updated in place and only the others are offered to the insert, so a rescan
 * runs no insert work (per-row insert triggers) for the members it already has. One made by
 * another writer meanwhile meets the same update through ON CONFLICT. New memberships take the
 * username's copy from members here, so the insert trigger has no lookup to make per row.
 */
export async function upsertScannedMemberships(db: AppDb, scanned: readonly ScannedMembership[], at: Date, seenSince: Date = at): Promise<void> {
  if (scanned.length === 0) return;
  const written = sql`${at.toISOString()}::timestamptz`;
  const seen = sql`${seenSince.toISOString()}::timestamptz`;
  const roleFrom = (scan: SQL) => sql`CASE WHEN membership.is_admin_holder THEN 'admin' ELSE ${scan}.role END`;
  const changedBy = (scan: SQL) =>
    sql`(membership.member_name IS DISTINCT FROM ${scan}.member_name OR membership.role IS DISTINCT FROM ${roleFrom(scan)} OR membership.updated_at < ${seen})`;
  await db.execute(sql`
    WITH given AS (
      SELECT * FROM unnest(
        ${sql.param(scanned.map((row) => row.groupId))}::integer[],
        ${sql.param(scanned.map((row) => row.memberId))}::integer[],
        ${sql.param(scanned.map((row) => row.name))}::text[],
        ${sql.param(scanned.map((row) => row.role))}::text[]
      ) WITH ORDINALITY AS given (group_id, member_id, member_name, role, ordinality)
    ),
    refreshed AS (
      UPDATE memberships AS membership SET member_name = given.member_name, role = ${roleFrom(sql`given`)}, updated_at = ${written}
      FROM given
      WHERE membership.group_id = given.group_id AND membership.member_id = given.member_id AND ${changedBy(sql`given`)}
    )
    INSERT INTO memberships AS membership (group_id, member_id, member_name, member_username, role, created_at, updated_at)
    SELECT given.group_id, given.member_id, given.member_name, member.fb_username, given.role, ${written}, ${written}
    FROM given JOIN members AS member ON member.id = given.member_id
    WHERE NOT EXISTS (SELECT 1 FROM memberships AS known WHERE known.group_id = given.group_id AND known.member_id = given.member_id)
    ORDER BY given.ordinality
    ON CONFLICT (group_id, member_id) DO UPDATE SET member_name = excluded.member_name, role = ${roleFrom(sql`excluded`)}, updated_at = excluded.updated_at
    WHERE ${changedBy(sql`excluded`)}`);
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
