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
 * Creates or refreshes the members a profile scan read (a members or admins scan): the name and
 * the deactivation always, the username, avatar and bio when the scan saw them.
 */
export async function upsertScannedPeople(db: AppDb, people: readonly ScannedPerson[], at: Date): Promise<Map<string, KnownMember>> {
  const known = new Map<string, KnownMember>();
  for (const chunk of chunks(distinctPeople(people), ROWS_PER_STATEMENT)) {
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
      })
      .returning({ id: members.id, fb_user_id: members.fb_user_id, name: members.name });
    for (const row of rows) known.set(row.fb_user_id, { id: row.id, name: row.name });
  }
  return known;
}

/**
 * The members of people seen in passing (post authors, reactions, comments): created when new,
 * left as they are otherwise, since a members scan keeps profiles current.
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
