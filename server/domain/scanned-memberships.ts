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
  /** The member's username as stored, for the membership's copy; looked up in members when absent. */
  username?: string | null;
  /** A person the batch has just created: they have no membership to look up. */
  created?: boolean;
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
 * One statement whatever the number of rows, the rows travelling as one array per column. Each
 * row's membership is looked up by its key, one index probe per row, so the cost follows the batch
 * and not the size of the table (the planner, left to join the batch with the whole table, scans it
 * when its statistics lag behind a growing table: no autovacuum on PGlite). Only the rows with
 * something to write go on, to one INSERT ... ON CONFLICT DO UPDATE, which again finds each by its
 * key: new memberships are created, with the username's copy (given, or else read from members)
 * so the insert trigger has no lookup to make, and known ones get the update; one made by another
 * writer meanwhile meets the same update. A person the batch has just created skips the lookup.
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
        ${sql.param(scanned.map((row) => row.role))}::text[],
        ${sql.param(scanned.map((row) => row.username ?? null))}::text[],
        ${sql.param(scanned.map((row) => row.created ?? false))}::boolean[]
      ) WITH ORDINALITY AS given (group_id, member_id, member_name, role, member_username, created, ordinality)
    ),
    due AS (
      SELECT given.* FROM given
      LEFT JOIN LATERAL (
        SELECT known.member_name, known.role, known.is_admin_holder, known.updated_at FROM memberships AS known
        WHERE NOT given.created AND known.group_id = given.group_id AND known.member_id = given.member_id
        LIMIT 1
      ) AS membership ON true
      WHERE membership.role IS NULL OR ${changedBy(sql`given`)}
    )
    INSERT INTO memberships AS membership (group_id, member_id, member_name, member_username, role, created_at, updated_at)
    SELECT due.group_id, due.member_id, due.member_name,
      COALESCE(due.member_username, (SELECT member.fb_username FROM members AS member WHERE member.id = due.member_id)), due.role, ${written}, ${written}
    FROM due
    ORDER BY due.ordinality
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
