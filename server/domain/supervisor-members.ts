import { and, asc, count, desc, eq, exists, ilike, not, or, sql, type SQL } from 'drizzle-orm';
import type { SupervisorMemberList, SupervisorMemberRole, SupervisorMemberSortField } from '../../rules/supervisorLists';
import type { AppDb } from '../db/connect';
import { groups, members, memberships, users } from '../db/schema';
import { countMemberList, readMemberPage } from './member-lists';
import { containsPattern } from './user-search';

export interface SupervisorMemberQuery {
  /** Only this group's members, with that group's name, role, lists and counters; every member with their totals when absent. */
  groupId?: number;
  search?: string;
  role: SupervisorMemberRole;
  /** true: only members linked to a user; false: only the others. */
  hasUser?: boolean;
  list: SupervisorMemberList;
  sortBy: SupervisorMemberSortField;
  sortDirection: 'asc' | 'desc';
}

/** The contract's ceilings for a member's counters and paid money. */
const MAX_COUNT = 2_147_483_647;
const MAX_PAID = 100_000_000_000;

/**
 * A member over all their groups, read beside each members row (a lateral join on
 * memberships_member_idx): counters summed, the latest activity, admin when admin anywhere, removed
 * or whitelisted when so in any group, and what their linked customers paid.
 */
function memberTotals(db: AppDb) {
  const m = memberships;
  return db
    .select({
      posts_count: sql<number>`least(coalesce(sum(${m.posts_count}), 0), ${MAX_COUNT})::int`.as('posts_count'),
      comments_count: sql<number>`least(coalesce(sum(${m.comments_count}), 0), ${MAX_COUNT})::int`.as('comments_count'),
      reactions_count: sql<number>`least(coalesce(sum(${m.reactions_count}), 0), ${MAX_COUNT})::int`.as('reactions_count'),
      last_activity_at: sql<Date | null>`max(${m.last_activity_at})`.mapWith(m.last_activity_at).as('last_activity_at'),
      is_admin: sql<boolean>`coalesce(bool_or(${m.role} = 'admin'), false)`.as('is_admin'),
      is_removed: sql<boolean>`coalesce(bool_or(${m.is_removed}), false)`.as('is_removed'),
      is_whitelisted: sql<boolean>`coalesce(bool_or(${m.is_whitelisted}), false)`.as('is_whitelisted'),
      paid: sql<number>`least(coalesce(sum(${m.paid}), 0), ${MAX_PAID})::float8`.as('paid'),
    })
    .from(m)
    .where(eq(m.member_id, members.id))
    .as('totals');
}

/** Members rows with their totals, as the contract's Member of a list without a group. */
function selectMembersWithTotals(db: AppDb) {
  const totals = memberTotals(db);
  const query = db
    .select({
      id: members.id,
      fb_user_id: members.fb_user_id,
      fb_username: members.fb_username,
      name: members.name,
      avatar_url: members.avatar_url,
      bio: members.bio,
      is_banned: members.is_banned,
      created_at: members.created_at,
      updated_at: members.updated_at,
      last_activity_at: totals.last_activity_at,
      posts_count: totals.posts_count,
      comments_count: totals.comments_count,
      reactions_count: totals.reactions_count,
      paid: totals.paid,
      is_admin: totals.is_admin,
      is_removed: totals.is_removed,
      is_whitelisted: totals.is_whitelisted,
    })
    .from(members)
    .leftJoinLateral(totals, sql`true`);
  return { query, totals };
}

/** A member row as the group's calls write it: the totals' role, no one subscription. */
function asMemberRow<Row extends { is_admin: boolean }>({ is_admin: isAdmin, ...row }: Row) {
  return { ...row, role: isAdmin ? ('admin' as const) : ('subscriber' as const), subscription: null, subscription_status: null };
}

/** The member is (or is not) linked to a user, one with the same fb_user_id. */
function linkedToUser(db: AppDb, hasUser: boolean): SQL {
  const linked = exists(db.select({ one: sql`1` }).from(users).where(eq(users.fb_user_id, members.fb_user_id)));
  return hasUser ? linked : not(linked);
}

/** Conditions on members for a list without a group: the list and the role are those of one of their memberships. */
function everyGroupConditions(db: AppDb, query: SupervisorMemberQuery): SQL | undefined {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  const inGroups =
    query.list === 'all_members' && query.role === 'any'
      ? undefined
      : exists(
          db
            .select({ one: sql`1` })
            .from(memberships)
            .where(
              and(
                eq(memberships.member_id, members.id),
                query.list === 'all_members' ? undefined : eq(memberships.list, query.list),
                query.role === 'any' ? undefined : eq(memberships.role, query.role),
              ),
            ),
        );
  return and(
    pattern ? or(ilike(members.name, pattern), ilike(members.fb_username, pattern), ilike(members.fb_user_id, pattern)) : undefined,
    query.hasUser === undefined ? undefined : linkedToUser(db, query.hasUser),
    inGroups,
  );
}

/**
 * A page of the supervisor's members list and how many match. With a group, the group's list
 * (member-lists.ts, on its indexes) with the role and linked-user filters; without, every member
 * with their totals over all groups, sorted in SQL (name and first sync on members' own columns,
 * the counters over the totals).
 */
export async function readSupervisorMembers(db: AppDb, query: SupervisorMemberQuery, page: number, perPage: number) {
  if (query.groupId !== undefined) {
    const listQuery = {
      groupId: query.groupId,
      list: query.list,
      search: query.search,
      searchFbUserId: true,
      role: query.role === 'any' ? undefined : query.role,
      hasUser: query.hasUser,
      sortBy: query.sortBy,
      sortDirection: query.sortDirection,
    };
    const [rows, total] = await Promise.all([readMemberPage(db, listQuery, page, perPage), countMemberList(db, listQuery)]);
    return { rows, count: total };
  }
  const matching = everyGroupConditions(db, query);
  const { query: select, totals } = selectMembersWithTotals(db);
  const direction = query.sortDirection === 'asc' ? asc : desc;
  const sortColumn = query.sortBy === 'name' || query.sortBy === 'created_at' ? members[query.sortBy] : totals[query.sortBy];
  const [rows, [total]] = await Promise.all([
    select
      .where(matching)
      .orderBy(direction(sortColumn), direction(members.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(members).where(matching),
  ]);
  return { rows: rows.map(asMemberRow), count: total!.n };
}

/** The most memberships a profile lists (the contract's limit). */
const PROFILE_MEMBERSHIPS_LIMIT = 1000;

/** A member's groups with the group's facts about them, by group name. */
export async function readMembershipDetails(db: AppDb, memberId: number) {
  return db
    .select({
      group: { id: groups.id, fb_group_id: groups.fb_group_id, name: groups.name, avatar_url: groups.avatar_url, subscribed_plan: groups.subscribed_plan },
      role: memberships.role,
      is_removed: memberships.is_removed,
      is_whitelisted: memberships.is_whitelisted,
      posts_count: memberships.posts_count,
      comments_count: memberships.comments_count,
      reactions_count: memberships.reactions_count,
      last_activity_at: memberships.last_activity_at,
    })
    .from(memberships)
    .innerJoin(groups, eq(groups.id, memberships.group_id))
    .where(eq(memberships.member_id, memberId))
    .orderBy(asc(groups.name), asc(groups.id))
    .limit(PROFILE_MEMBERSHIPS_LIMIT);
}

/**
 * A member as the supervisor's profile shows them (part 2 §2): their totals over all groups, their
 * memberships, and the user with their fb_user_id when there is one. Undefined when there is no
 * such member.
 */
export async function readSupervisorMemberProfile(db: AppDb, memberId: number) {
  const [row] = await selectMembersWithTotals(db).query.where(eq(members.id, memberId)).limit(1);
  if (!row) return undefined;
  const [details, [user]] = await Promise.all([
    readMembershipDetails(db, memberId),
    db.select().from(users).where(eq(users.fb_user_id, row.fb_user_id)).limit(1),
  ]);
  return { member: asMemberRow(row), memberships: details, user };
}
