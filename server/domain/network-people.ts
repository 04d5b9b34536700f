import { inArray, notInArray, sql } from 'drizzle-orm';
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
 * The people among these whom a group the reporting user does not hold relies on: members of a
 * group someone holds here that the user is not a holder of. Their shared profile (members row) is
 * that other group's too, so a report from another group may not change it.
 */
async function peopleOthersRelyOn(db: AppDb, userId: number, fbUserIds: readonly string[]): Promise<Set<string>> {
  if (fbUserIds.length === 0) return new Set();
  const { rows } = await db.execute<{ fb_user_id: string }>(sql`
    WITH held_by_reporter AS (
      SELECT held.group_id
      FROM memberships AS held
      JOIN members AS reporter ON reporter.id = held.member_id
      JOIN users ON users.fb_user_id = reporter.fb_user_id
      WHERE users.id = ${userId} AND held.is_admin_holder AND NOT held.is_removed
    )
    SELECT DISTINCT person.fb_user_id
    FROM members AS person
    JOIN memberships AS membership ON membership.member_id = person.id
    WHERE person.fb_user_id IN (${sql.join(
      fbUserIds.map((id) => sql`${id}`),
      sql`, `,
    )})
      AND membership.group_id NOT IN (SELECT group_id FROM held_by_reporter)
      AND EXISTS (
        SELECT 1 FROM memberships AS holder
        WHERE holder.group_id = membership.group_id AND holder.role = 'admin' AND holder.is_admin_holder AND NOT holder.is_removed
      )`);
  return new Set(rows.map((row) => row.fb_user_id));
}

/**
 * Creates or refreshes the members a profile scan read (a members or admins scan) for the user who
 * reported it. A new person is created with what the scan saw. An existing person's shared profile
 * (name, deactivation always; username, avatar and bio when the scan saw them) is refreshed only
 * when every group holding them here is one the user holds (groups nobody holds do not count):
 * otherwise it stays as it is (docs/CONVENTIONS.md, robot trust model).
 */
export async function upsertScannedPeople(db: AppDb, userId: number, people: readonly ScannedPerson[], at: Date): Promise<Map<string, KnownMember>> {
  const known = new Map<string, KnownMember>();
  for (const chunk of chunks(distinctPeople(people), ROWS_PER_STATEMENT)) {
    const protectedPeople = await peopleOthersRelyOn(db, userId, chunk.map((person) => person.fb_user_id));
    const rows = await db
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
      .onConflictDoUpdate({
        target: members.fb_user_id,
        set: {
          name: sql`excluded.name`,
          fb_username: sql`COALESCE(excluded.fb_username, ${members.fb_username})`,
          avatar_url: sql`COALESCE(excluded.avatar_url, ${members.avatar_url})`,
          bio: sql`COALESCE(excluded.bio, ${members.bio})`,
          is_banned: sql`excluded.is_banned`,
          updated_at: sql`excluded.updated_at`,
        },
        setWhere: protectedPeople.size === 0 ? undefined : notInArray(members.fb_user_id, [...protectedPeople]),
      })
      .returning({ id: members.id, fb_user_id: members.fb_user_id, name: members.name });
    for (const row of rows) known.set(row.fb_user_id, { id: row.id, name: row.name });
    const untouched = chunk.filter((person) => !known.has(person.fb_user_id)).map((person) => person.fb_user_id);
    if (untouched.length > 0) {
      const kept = await db
        .select({ id: members.id, fb_user_id: members.fb_user_id, name: members.name })
        .from(members)
        .where(inArray(members.fb_user_id, untouched));
      for (const row of kept) known.set(row.fb_user_id, { id: row.id, name: row.name });
    }
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
