import { and, asc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import { groups } from '../db/schema';
import type { Caller } from '../http/access';
import { heldGroupIds } from './held-groups';
import { containsPattern } from './user-search';

export const GROUP_MATCHES_LIMIT = 10;

export interface GroupSearch {
  search?: string;
  groupId?: number;
  ids?: number[];
}

/**
 * Groups by name, fb_group_id or fb_slug (case-insensitively, at most 10), or exactly the given
 * group or ids, by name: only the groups the caller holds (listHeldGroups' rule), any group for a
 * supervisor. A group that is not the caller's is left out like one that does not exist.
 */
export async function searchGroups(db: AppDb, caller: Caller, { search, groupId, ids }: GroupSearch) {
  const conditions: SQL[] = [];
  if (!caller.isSupervisor) conditions.push(inArray(groups.id, heldGroupIds(db, caller.userId)));
  if (groupId !== undefined) conditions.push(eq(groups.id, groupId));
  if (ids) conditions.push(inArray(groups.id, ids.length > 0 ? ids : [0]));
  if (search) {
    const pattern = containsPattern(search);
    conditions.push(or(ilike(groups.name, pattern), ilike(groups.fb_group_id, pattern), ilike(groups.fb_slug, pattern))!);
  }
  return db
    .select({ id: groups.id, name: groups.name, avatar_url: groups.avatar_url, fb_group_id: groups.fb_group_id })
    .from(groups)
    .where(and(...conditions))
    .orderBy(asc(groups.name), asc(groups.id))
    .limit(ids ? Math.max(ids.length, 1) : GROUP_MATCHES_LIMIT);
}
