import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import { members, memberships } from '../db/schema';
import type { Caller } from '../http/access';
import { findGroup, holdsGroup } from './held-groups';
import { containsPattern } from './user-search';

export const MEMBER_MATCHES_LIMIT = 10;

export interface MemberSummaryRow {
  id: number;
  name: string;
  avatar_url: string | null;
  fb_user_id: string;
}

export interface MemberSearch {
  /** Only the members of this group (with the group's copy of their name); every member when absent. */
  groupId?: number;
  search?: string;
  ids?: number[];
}

/** A group the caller may read members of: one they hold, or for supervisors any group that exists. */
export async function canReadGroupMembers(db: AppDb, caller: Caller, groupId: number): Promise<boolean> {
  if (caller.isSupervisor) return (await findGroup(db, groupId)) !== undefined;
  return holdsGroup(db, caller.userId, groupId);
}

/** The members of a group with those ids, by name; ids that are not the group's members are left out. */
export async function lookupGroupMembers(db: AppDb, groupId: number, ids: number[]): Promise<MemberSummaryRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: members.id, name: memberships.member_name, avatar_url: members.avatar_url, fb_user_id: members.fb_user_id })
    .from(memberships)
    .innerJoin(members, eq(members.id, memberships.member_id))
    .where(and(eq(memberships.group_id, groupId), inArray(memberships.member_id, ids)))
    .orderBy(asc(memberships.member_name), asc(members.id));
}

/** `text%` with the person's % and _ taken as text. */
function prefixPattern(text: string): string {
  return `${containsPattern(text).slice(1, -1)}%`;
}

/**
 * Members whose name, fb_user_id or fb_username contains the text (case-insensitively), at most
 * 10: names that start with it first, then by name. With `ids`, exactly those members instead.
 */
export async function searchMembers(db: AppDb, { groupId, search, ids }: MemberSearch): Promise<MemberSummaryRow[]> {
  const name = groupId === undefined ? members.name : memberships.member_name;
  const conditions: SQL[] = [];
  if (groupId !== undefined) conditions.push(eq(memberships.group_id, groupId));
  if (ids) conditions.push(inArray(members.id, ids.length > 0 ? ids : [0]));
  const order: SQL[] = [];
  if (search) {
    const pattern = containsPattern(search);
    // Members whose social ids match, found on their own trigram indexes, then kept to the group.
    const byIds = db
      .select({ id: members.id })
      .from(members)
      .where(or(ilike(members.fb_user_id, pattern), ilike(members.fb_username, pattern)));
    conditions.push(or(ilike(name, pattern), inArray(members.id, byIds))!);
    order.push(sql`(${name} ILIKE ${prefixPattern(search)}) DESC`);
  }
  const columns = { id: members.id, name, avatar_url: members.avatar_url, fb_user_id: members.fb_user_id };
  const base =
    groupId === undefined
      ? db.select(columns).from(members)
      : db.select(columns).from(memberships).innerJoin(members, eq(members.id, memberships.member_id));
  return base
    .where(and(...conditions))
    .orderBy(...order, asc(name), asc(members.id))
    .limit(ids ? Math.max(ids.length, 1) : MEMBER_MATCHES_LIMIT);
}
