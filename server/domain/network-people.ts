import { inArray, sql } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import { members } from '../db/schema';

/** A person as a scan read them; only the fields the scan saw are known. */
export interface ScannedPerson {
  fb_user_id: string;
  name: string;
  fb_username?: string | null;
  avatar_url?: string | null;
  bio?: string | null;
  /** Deactivated on the network. */
  is_banned?: boolean;
}

export interface KnownMember {
  id: number;
  name: string;
}

/** A person as a profile scan left them stored. */
export interface StoredPerson extends KnownMember {
  fb_username: string | null;
  /** Not in the database when the scan looked them up: no membership of theirs was known then. */
  created: boolean;
}

/** 8 columns a row: 1,000 rows stay far below PostgreSQL's 65,535 bind parameters. */
const ROWS_PER_STATEMENT = 1_000;
const IDS_PER_LOOKUP = 10_000;

/** One entry per fb_user_id; a later sighting wins. */
export function distinctPeople<T extends { fb_user_id: string }>(people: readonly T[]): T[] {
  return [...new Map(people.map((person) => [person.fb_user_id, person])).values()];
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}

/**
 * Creates or refreshes the members a profile scan read (a members or admins scan) for the user who
 * reported it. A new person is created with what the scan saw. An existing person's shared profile
 * (name, deactivation always; username, avatar and bio when the scan saw them) is refreshed only
 * when every group holding them here is one the user holds (groups nobody holds do not count):
 * otherwise it stays as it is (docs/CONVENTIONS.md, robot trust model). A profile the scan finds
 * as it is stays unwritten. One statement whatever the number of people: the people travel as one
 * array per column. Each person is looked up by fb_user_id, one index probe per person, so the cost
 * follows the batch and not the size of the table; only the new and the changed go on to the
 * INSERT ... ON CONFLICT DO UPDATE, and the others are answered from the lookup.
 */
export async function upsertScannedPeople(db: AppDb, userId: number, people: readonly ScannedPerson[], at: Date): Promise<Map<string, StoredPerson>> {
  const distinct = distinctPeople(people);
  const known = new Map<string, StoredPerson>();
  if (distinct.length === 0) return known;
  const fbUserIds = distinct.map((person) => person.fb_user_id);
  const { rows } = await db.execute<{ id: number; fb_user_id: string; name: string; fb_username: string | null; created: boolean }>(sql`
    WITH scanned AS (
      SELECT * FROM unnest(
        ${sql.param(fbUserIds)}::text[],
        ${sql.param(distinct.map((person) => person.name))}::text[],
        ${sql.param(distinct.map((person) => person.fb_username ?? null))}::text[],
        ${sql.param(distinct.map((person) => person.avatar_url ?? null))}::text[],
        ${sql.param(distinct.map((person) => person.bio ?? null))}::text[],
        ${sql.param(distinct.map((person) => person.is_banned ?? false))}::boolean[]
      ) WITH ORDINALITY AS given (fb_user_id, name, fb_username, avatar_url, bio, is_banned, ordinality)
    ),
    looked_up AS (
      SELECT scanned.*, person.id, person.name AS known_name, person.fb_username AS known_username,
        person.id IS NOT NULL
          AND (person.name, person.fb_username, person.avatar_url, person.bio, person.is_banned) IS NOT DISTINCT FROM
            (scanned.name, COALESCE(scanned.fb_username, person.fb_username), COALESCE(scanned.avatar_url, person.avatar_url),
             COALESCE(scanned.bio, person.bio), scanned.is_banned) AS unchanged
      FROM scanned
      LEFT JOIN LATERAL (
        SELECT known.id, known.name, known.fb_username, known.avatar_url, known.bio, known.is_banned FROM members AS known
        WHERE known.fb_user_id = scanned.fb_user_id
        LIMIT 1
      ) AS person ON true
    ),
    held_by_reporter AS (
      SELECT held.group_id
      FROM memberships AS held
      JOIN members AS reporter ON reporter.id = held.member_id
      JOIN users ON users.fb_user_id = reporter.fb_user_id
      WHERE users.id = ${userId} AND held.is_admin_holder AND NOT held.is_removed
    ),
    written AS (
      INSERT INTO members AS person (fb_user_id, name, fb_username, avatar_url, bio, is_banned, created_at, updated_at)
      SELECT fb_user_id, name, fb_username, avatar_url, bio, is_banned, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
      FROM looked_up WHERE NOT unchanged ORDER BY ordinality
      ON CONFLICT (fb_user_id) DO UPDATE SET
        name = excluded.name,
        fb_username = COALESCE(excluded.fb_username, person.fb_username),
        avatar_url = COALESCE(excluded.avatar_url, person.avatar_url),
        bio = COALESCE(excluded.bio, person.bio),
        is_banned = excluded.is_banned,
        updated_at = excluded.updated_at
      WHERE (person.name, person.fb_username, person.avatar_url, person.bio, person.is_banned) IS DISTINCT FROM
          (excluded.name, COALESCE(excluded.fb_username, person.fb_username), COALESCE(excluded.avatar_url, person.avatar_url),
           COALESCE(excluded.bio, person.bio), excluded.is_banned)
        AND NOT EXISTS (
          SELECT 1 FROM memberships AS membership
          WHERE membership.member_id = person.id
            AND membership.group_id NOT IN (SELECT group_id FROM held_by_reporter)
            AND EXISTS (
              SELECT 1 FROM memberships AS holder
              WHERE holder.group_id = membership.group_id AND holder.role = 'admin' AND holder.is_admin_holder AND NOT holder.is_removed
            )
        )
      RETURNING person.id, person.fb_user_id, person.name, person.fb_username
    )
    SELECT looked_up.fb_user_id,
      COALESCE(written.id, looked_up.id) AS id,
      CASE WHEN written.id IS NULL THEN looked_up.known_name ELSE written.name END AS name,
      CASE WHEN written.id IS NULL THEN looked_up.known_username ELSE written.fb_username END AS fb_username,
      looked_up.id IS NULL AS created
    FROM looked_up LEFT JOIN written ON written.fb_user_id = looked_up.fb_user_id
    WHERE written.id IS NOT NULL OR looked_up.id IS NOT NULL`);
  for (const row of rows) known.set(row.fb_user_id, { id: row.id, name: row.name, fb_username: row.fb_username, created: row.created });
  const untouched = fbUserIds.filter((fbUserId) => !known.has(fbUserId));
  if (untouched.length > 0) {
    // Created by another report since this statement began: the statement saw them neither as new nor as known.
    const kept = await db
      .select({ id: members.id, fb_user_id: members.fb_user_id, name: members.name, fb_username: members.fb_username })
      .from(members)
      .where(inArray(members.fb_user_id, untouched));
    for (const row of kept) known.set(row.fb_user_id, { id: row.id, name: row.name, fb_username: row.fb_username, created: false });
  }
  return known;
}

/**
 * The members of people seen in passing (post authors, reactions, comments): created when new,
 * with what was seen of them, left as they are otherwise, since a members scan keeps profiles current.
 */
export async function ensurePeople(db: AppDb, people: readonly ScannedPerson[], at: Date): Promise<Map<string, KnownMember>> {
  const distinct = distinctPeople(people);
  for (const chunk of chunks(distinct, ROWS_PER_STATEMENT)) {
    await db
      .insert(members)
      .values(
        chunk.map((person) => ({
          fb_user_id: person.fb_user_id,
          name: person.name,
          fb_username: person.fb_username ?? null,
          avatar_url: person.avatar_url ?? null,
          bio: person.bio ?? null,
          is_banned: person.is_banned ?? false,
          created_at: at,
          updated_at: at,
        })),
      )
      .onConflictDoNothing({ target: members.fb_user_id });
  }
  const known = new Map<string, KnownMember>();
  for (const chunk of chunks(distinct, IDS_PER_LOOKUP)) {
    const rows = await db
      .select({ id: members.id, fb_user_id: members.fb_user_id, name: members.name })
      .from(members)
      .where(inArray(members.fb_user_id, chunk.map((person) => person.fb_user_id)));
    for (const row of rows) known.set(row.fb_user_id, { id: row.id, name: row.name });
  }
  return known;
}
