import { and, asc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import { members, memberships, users } from '../db/schema';

export const USER_MATCHES_LIMIT = 10;

export interface UserSearch {
  search?: string;
  groupId?: number;
  ids?: number[];
}

/** `%` and `_` typed by a person are text to find, not wildcards. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Users by name, email or social ids (at most 10), or exactly the given ids; optionally only those holding a group. */
export async function searchUsers(db: AppDb, { search, groupId, ids }: UserSearch) {
  const conditions: SQL[] = [];
  if (ids) conditions.push(inArray(users.id, ids.length > 0 ? ids : [0]));
  if (search) {
    const pattern = containsPattern(search);
    conditions.push(
      or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(users.fb_user_id, pattern), ilike(users.fb_username, pattern))!,
    );
  }
  if (groupId !== undefined) {
    const holders = db
      .select({ fb_user_id: members.fb_user_id })
      .from(memberships)
      .innerJoin(members, eq(members.id, memberships.member_id))
      .where(and(eq(memberships.group_id, groupId), eq(memberships.is_admin_holder, true)));
    conditions.push(inArray(users.fb_user_id, holders));
  }
  return db
    .select({ id: users.id, name: users.name, avatar_url: users.avatar_url, email: users.email })
    .from(users)
    .where(and(...conditions))
    .orderBy(asc(users.name), asc(users.id))
    .limit(ids ? Math.max(ids.length, 1) : USER_MATCHES_LIMIT);
}
