import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import type { MemberList } from '../db/enums';
import { members, memberships } from '../db/schema';
import { containsPattern } from './user-search';

export type MemberListFilter = MemberList | 'all_members';
export type MemberSortBy =
  | 'name'
  | 'posts_count'
  | 'reactions_count'
  | 'comments_count'
  | 'last_activity_at'
  | 'created_at'
  | 'paid'
  | 'subscription_status';

export interface MemberListQuery {
  groupId: number;
  list: MemberListFilter;
  search?: string;
  sortBy: MemberSortBy;
  sortDirection: 'asc' | 'desc';
}

export type MemberListCounts = Record<MemberListFilter, number>;

const SORT_COLUMNS = {
  name: memberships.member_name,
  posts_count: memberships.posts_count,
  reactions_count: memberships.reactions_count,
  comments_count: memberships.comments_count,
  last_activity_at: memberships.last_activity_at,
  created_at: memberships.created_at,
  paid: memberships.paid,
  subscription_status: memberships.subscription_status,
} as const;

/** The columns of a member row as a group's calls answer it. */
export const memberRowColumns = {
  id: members.id,
  fb_user_id: members.fb_user_id,
  fb_username: members.fb_username,
  name: memberships.member_name,
  avatar_url: members.avatar_url,
  bio: members.bio,
  is_banned: members.is_banned,
  created_at: memberships.created_at,
  updated_at: memberships.updated_at,
  last_activity_at: memberships.last_activity_at,
  posts_count: memberships.posts_count,
  comments_count: memberships.comments_count,
  reactions_count: memberships.reactions_count,
  paid: memberships.paid,
  role: memberships.role,
  is_removed: memberships.is_removed,
  is_whitelisted: memberships.is_whitelisted,
  subscription: memberships.subscription,
  subscription_status: memberships.subscription_status,
};

/** Name (the copy on the membership, trigram-indexed) or the member's username, case-insensitively; % and _ are text. */
function searchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(ilike(memberships.member_name, pattern), ilike(members.fb_username, pattern));
}

function listConditions(query: Omit<MemberListQuery, 'sortBy' | 'sortDirection'>): SQL {
  return and(
    eq(memberships.group_id, query.groupId),
    query.list === 'all_members' ? undefined : eq(memberships.list, query.list),
    searchCondition(query.search),
  )!;
}

/** One page of one list, sorted in SQL on the (group_id, list, column, id) indexes; ties broken by id. */
export async function readMemberPage(db: AppDb, query: MemberListQuery, page: number, perPage: number) {
  const order = query.sortDirection === 'desc' ? desc : asc;
  return db
    .select(memberRowColumns)
    .from(memberships)
    .innerJoin(members, eq(members.id, memberships.member_id))
    .where(listConditions(query))
    .orderBy(order(SORT_COLUMNS[query.sortBy]), order(memberships.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
}

/** Every row of a list in the page order, read in chunks by keyset-free paging so memory stays bounded. */
export async function* readMemberChunks(db: AppDb, query: MemberListQuery, chunkSize = 2000) {
  for (let page = 1; ; page += 1) {
    const rows = await readMemberPage(db, query, page, chunkSize);
    if (rows.length > 0) yield rows;
    if (rows.length < chunkSize) return;
  }
}

/** Members per list of a group, optionally only those matching a search, in one grouped query. */
export async function countMemberLists(db: AppDb, groupId: number, search?: string): Promise<MemberListCounts> {
  const base = db.select({ list: memberships.list, count: sql<number>`count(*)::int` }).from(memberships);
  const rows = search
    ? await base
        .innerJoin(members, eq(members.id, memberships.member_id))
        .where(and(eq(memberships.group_id, groupId), searchCondition(search)))
        .groupBy(memberships.list)
    : await base.where(eq(memberships.group_id, groupId)).groupBy(memberships.list);
  const counts: MemberListCounts = { active: 0, inactive: 0, whitelisted: 0, removed: 0, all_members: 0 };
  for (const row of rows) {
    counts[row.list] = row.count;
    counts.all_members += row.count;
  }
  return counts;
}
