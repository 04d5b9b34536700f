import { setImmediate } from 'node:timers/promises';
import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import type { MembershipRole } from '../db/enums';
import type { components } from '../../src/api/schema';
import { rightAway, type OneAtATime } from '../db/one-at-a-time';
import { MEMBER_PER_PAGE_OPTIONS, STORED_MEMBER_LISTS, type MemberListName, type MemberSortField, type SortDirection, type StoredMemberList } from '../../rules/memberLists';
import type { SubscribedPlan } from '../../rules/plans';
import { groups, member_list_counts, members, memberships } from '../db/schema';
import { containsPattern } from './user-search';

export interface MemberListQuery {
  groupId: number;
  list: MemberListName;
  search?: string;
  /** true: only members whose linked customer's subscription is active; false: the others; absent: everyone. */
  paying?: boolean;
  /** Only members of this role in the group (the supervisor's members list). */
  role?: MembershipRole;
  /** true: only members linked to a user (a user with their fb_user_id); false: only the others. */
  hasUser?: boolean;
  /** The search also matches the member's fb_user_id (the supervisor's members list). */
  searchFbUserId?: boolean;
  sortBy: MemberSortField;
  sortDirection: SortDirection;
}

export type MemberListCounts = Record<MemberListName, number>;

/** Each sort's column on memberships (indexed per group_id, list, column, id) and its SQL type, to read a keyset back. */
const SORT_COLUMNS = {
  name: { column: 'member_name', type: 'text', nullable: false },
  posts_count: { column: 'posts_count', type: 'integer', nullable: false },
  reactions_count: { column: 'reactions_count', type: 'integer', nullable: false },
  comments_count: { column: 'comments_count', type: 'integer', nullable: false },
  last_activity_at: { column: 'last_activity_at', type: 'timestamptz', nullable: true },
  created_at: { column: 'created_at', type: 'timestamptz', nullable: false },
  paid: { column: 'paid', type: 'integer', nullable: true },
  subscription_status: { column: 'subscription_status', type: 'text', nullable: true },
} as const satisfies Record<MemberSortField, { column: string; type: 'text' | 'integer' | 'timestamptz'; nullable: boolean }>;

/** The sort's column and type as SQL. */
function sortColumnOf(sortBy: MemberSortField) {
  const { column, type, nullable } = SORT_COLUMNS[sortBy];
  return { column: sql.raw(column), type: sql.raw(type), nullable };
}

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

/** Where a chunk ended: its last row's sort value (as text, so timestamps keep their microseconds) and membership id. */
export interface Keyset {
  sortKey: string | null;
  id: number;
}

/** A value of a statement (a parameter), the placeholder a prepared statement fills it in from, or a literal in its text. */
type Value<T> = T | Placeholder | SQL;

/** A keyset in a statement: a NULL sort value changes the statement's shape, so it is never a placeholder. */
interface KeysetValue {
  sortKey: Value<string> | null;
  id: Value<number>;
}

/**
 * Name or username (the copies on the membership) or, when asked, the member's fb_user_id contains
 * the text, case-insensitively, % and _ as text. The name and the username's copy each have a
 * trigram index on memberships, which PostgreSQL ORs before keeping the group's rows.
 */
function searchCondition(search: string, fbUserId = false): SQL {
  const pattern = containsPattern(search);
  const byId = fbUserId ? sql` OR member_id = ANY(ARRAY(SELECT id FROM members WHERE fb_user_id ILIKE ${pattern}))` : sql``;
  return sql`(member_name ILIKE ${pattern} OR member_username ILIKE ${pattern}${byId})`;
}

/** The membership's member is (or is not) linked to a user: one with the same fb_user_id. */
function hasUserCondition(hasUser: boolean): SQL {
  const linked = sql`EXISTS (SELECT 1 FROM members JOIN users ON users.fb_user_id = members.fb_user_id WHERE members.id = memberships.member_id)`;
  return hasUser ? linked : sql`NOT ${linked}`;
}

/** The subscription status a paying member's membership holds, copied from their linked customer. */
const PAYING_STATUS = 'active';

function payingCondition(paying: boolean): SQL {
  return paying ? sql`subscription_status = ${PAYING_STATUS}` : sql`subscription_status IS DISTINCT FROM ${PAYING_STATUS}`;
}

/** The query's search and its paying, role and linked-user filters, as conditions on memberships. */
function filterConditions(query: MemberListQuery): Array<SQL | undefined> {
  return [
    query.search ? searchCondition(query.search, query.searchFbUserId) : undefined,
    query.paying === undefined ? undefined : payingCondition(query.paying),
    query.role === undefined ? undefined : sql`role = ${query.role}`,
    query.hasUser === undefined ? undefined : hasUserCondition(query.hasUser),
  ];
}

/** Rows after the keyset in (column, id) order; PostgreSQL puts NULLs last going up and first going down. */
function afterKeyset(query: Pick<MemberListQuery, 'sortBy' | 'sortDirection'>, after: KeysetValue, column = sortColumnOf(query.sortBy).column): SQL {
  const { type, nullable } = sortColumnOf(query.sortBy);
  const value = sql`${after.sortKey}::${type}`;
  if (query.sortDirection === 'asc') {
    if (after.sortKey === null) return sql`(${column} IS NULL AND id > ${after.id})`;
    return nullable ? sql`((${column}, id) > (${value}, ${after.id}) OR ${column} IS NULL)` : sql`(${column}, id) > (${value}, ${after.id})`;
  }
  if (after.sortKey === null) return sql`((${column} IS NULL AND id < ${after.id}) OR ${column} IS NOT NULL)`;
  return sql`(${column}, id) < (${value}, ${after.id})`;
}

/** One list's memberships (or, with a search, the matches of one list or of all) in sort order, read along the (group_id, list, column, id) index. */
function orderedIds(query: MemberListQuery, groupId: Value<number>, list: Value<StoredMemberList> | undefined, limit: Value<number>, after: KeysetValue | undefined): SQL {
  const direction = sql.raw(query.sortDirection);
  const { column } = sortColumnOf(query.sortBy);
  const conditions = [
    sql`group_id = ${groupId}`,
    list ? sql`list = ${list}` : undefined,
    ...filterConditions(query),
    after ? afterKeyset(query, after) : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
  return sql`SELECT id, ${column} AS sort_value, ${column}::text AS sort_key FROM memberships
    WHERE ${sql.join(conditions, sql` AND `)}
    ORDER BY ${column} ${direction}, id ${direction} LIMIT ${limit}`;
}

/** Where a page sits in a statement: its size, the rows before it (an OFFSET) and how deep that reads (their sum), or the keyset it follows. */
interface PageValues {
  limit: Value<number>;
  offset: Value<number>;
  depth: Value<number>;
  after?: KeysetValue;
}

/**
 * A page's membership ids in order, with their sort values and keys, as the subquery `page`
 * (page_id, sort_value, sort_key), without touching the member rows: the whole group without a
 * search is the four lists' index scans merged, each read only as deep as the page goes.
 */
function pageOfIds(query: MemberListQuery, groupId: Value<number>, list: Value<StoredMemberList> | undefined, { limit, offset, depth, after }: PageValues): SQL {
  const direction = sql.raw(query.sortDirection);
  const lists: Array<Value<StoredMemberList> | undefined> = query.list !== 'all_members' ? [list] : query.search ? [undefined] : [...STORED_MEMBER_LISTS];
  const branches = lists.map((branch) => sql`(${orderedIds(query, groupId, branch, depth, after)})`);
  return sql`(SELECT id AS page_id, sort_value, sort_key FROM (${sql.join(branches, sql` UNION ALL `)}) AS ordered
    ORDER BY sort_value ${direction}, id ${direction} LIMIT ${limit} OFFSET ${offset}) AS page`;
}

/**
 * One page's member rows in order, each with its membership id and sort key, in one statement: the
 * page's membership ids first (pageOfIds), then the rows of those ids over the primary keys.
 */
async function pageRows(db: AppDb, query: MemberListQuery, limit: number, offset: number, after?: Keyset) {
  const direction = sql.raw(query.sortDirection);
  const page = pageOfIds(query, query.groupId, query.list === 'all_members' ? undefined : query.list, { limit, offset, depth: offset + limit, after });
  const rows = await db
    .select({ ...memberRowColumns, membership_id: memberships.id, sort_key: sql<string | null>`page.sort_key` })
    .from(page)
    .innerJoin(memberships, sql`${memberships.id} = page.page_id`)
    .innerJoin(members, eq(members.id, memberships.member_id))
    .orderBy(sql`page.sort_value ${direction}`, sql`page.page_id ${direction}`);
  return rows.map(({ membership_id: id, sort_key: sortKey, ...row }) => ({ row, keyset: { sortKey, id } satisfies Keyset }));
}

/** Where a page is read from: its number (an OFFSET), or the row next to it on the page before or after (a keyset). */
export type PageStart = { page: number } | { toward: 'next' | 'previous'; from: Keyset };

const REVERSED: Record<SortDirection, SortDirection> = { asc: 'desc', desc: 'asc' };

/**
 * One page of one list, sorted in SQL on the (group_id, list, column, id) indexes, ties broken by id,
 * with the keysets of its first and last rows. A page next to a known row starts right after it in
 * the list's order (the next page) or right before it (the previous page, read backwards), without
 * reading the rows before it as an OFFSET does.
 */
async function readMemberListPage(db: AppDb, query: MemberListQuery, perPage: number, start: PageStart) {
  let read: Awaited<ReturnType<typeof pageRows>>;
  if ('page' in start) read = await pageRows(db, query, perPage, (start.page - 1) * perPage);
  else if (start.toward === 'next') read = await pageRows(db, query, perPage, 0, start.from);
  else read = (await pageRows(db, { ...query, sortDirection: REVERSED[query.sortDirection] }, perPage, 0, start.from)).reverse();
  return { rows: read.map((paged) => paged.row), first: read[0]?.keyset, last: read[read.length - 1]?.keyset };
}

const whereAll = (conditions: Array<SQL | undefined>) => {
  const present = conditions.filter((condition): condition is SQL => condition !== undefined);
  return present.length > 0 ? sql`WHERE ${sql.join(present, sql` AND `)}` : sql``;
};

/**
 * A member as the members list answers it (the contract's Member), but for avatar_url, which is
 * still the stored one: a path of ours becomes an absolute URL on the caller's origin (publicUrl).
 */
export type MemberAnswer = components['schemas']['Member'];

/** A timestamp as Date.toISOString writes it: UTC, milliseconds (truncated, as a Date keeps them), Z. */
const isoTime = (column: string) => sql`to_char(${sql.raw(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The joined membership and member as JSON, the way groupMemberView (handlers/views/group-member.ts)
 * makes one of a member row, so PostgreSQL hands the page over as one JSON value the server need not
 * rebuild row by row: paid 0 when unset, and the subscription states the contract does not know
 * as 'other'.
 */
const MEMBER_ANSWER = sql`json_build_object(
  'id', members.id, 'fb_user_id', members.fb_user_id, 'fb_username', members.fb_username, 'name', memberships.member_name,
  'avatar_url', members.avatar_url, 'bio', members.bio,
  'created_at', ${isoTime('memberships.created_at')}, 'updated_at', ${isoTime('memberships.updated_at')}, 'last_activity_at', ${isoTime('memberships.last_activity_at')},
  'posts_count', memberships.posts_count, 'comments_count', memberships.comments_count, 'reactions_count', memberships.reactions_count,
  'paid', coalesce(memberships.paid, 0), 'role', memberships.role,
  'is_removed', memberships.is_removed, 'is_whitelisted', memberships.is_whitelisted, 'is_banned', members.is_banned,
  'subscription', memberships.subscription,
  'subscription_status', CASE WHEN memberships.subscription_status IN ('active', 'failed') THEN memberships.subscription_status WHEN memberships.subscription_status IS NOT NULL THEN 'other' END)`;

/** A page's rows as [sort key, membership id, member] in the page's order, from a subquery `page` (page_id, sort_value, sort_key), as JSON ([] when empty). */
function pageAnswer(page: SQL, direction: SortDirection): SQL<Array<[string | null, number, MemberAnswer]>> {
  const order = sql.raw(direction);
  return sql`(SELECT coalesce(json_agg(json_build_array(page.sort_key, page.page_id, ${MEMBER_ANSWER}) ORDER BY page.sort_value ${order}, page.page_id ${order}), '[]'::json)
    FROM ${page} JOIN memberships ON memberships.id = page.page_id JOIN members ON members.id = memberships.member_id)`;
}

/** The group's counters per list as JSON [list, count] pairs. */
const listCounts = (groupId: Value<number>) =>
  sql<Array<[StoredMemberList, number]>>`(SELECT coalesce(json_agg(json_build_array(list, count)), '[]'::json) FROM ${member_list_counts} WHERE group_id = ${groupId})`;

/** What the members list answers besides the removal limits, and the group's plan they are worked out on. */
export interface MemberListAnswer {
  plan: SubscribedPlan;
  /** The group's members per list. */
  countAll: MemberListCounts;
  /** Per list, those the search matches (countAll without a search). */
  countFiltered: MemberListCounts;
  /** The requested list's members matching the search and the paying filter: what its pages go through. */
  total: number;
  members: MemberAnswer[];
  first: Keyset | undefined;
  last: Keyset | undefined;
}

/** The page read from its rows: reversed back when it was read backwards, with the keysets of its ends. */
function pageOf(rows: Array<[string | null, number, MemberAnswer]>, backwards: boolean) {
  const ordered = backwards ? rows.reverse() : rows;
  const keysetOf = (row: [string | null, number, MemberAnswer] | undefined): Keyset | undefined => row && { sortKey: row[0], id: Number(row[1]) };
  return { members: ordered.map((row) => row[2]), first: keysetOf(ordered[0]), last: keysetOf(ordered[ordered.length - 1]) };
}

/** A list's query without a search (nor the supervisor's filters): what the members list reads with a prepared statement. */
export type PlainListQuery = Pick<MemberListQuery, 'groupId' | 'list' | 'paying' | 'sortBy' | 'sortDirection'>;

/**
 * Where a list answer's page starts: page 1, another page by its number (an OFFSET), or next to a
 * keyset, on a sort value or a NULL one.
 */
type StartShape = 'first' | 'page' | 'after' | 'after_null';

/** A whole number written into a statement's text. */
function literal(value: number): SQL {
  if (!Number.isSafeInteger(value)) throw new Error(`${value} is not a whole number`);
  return sql.raw(String(value));
}

/**
 * The list answer's one statement for a shape of query: the list or the whole group, the sort, the
 * paying filter, the page size and where the page starts. The group's row (none when it is gone)
 * with its plan, its counters, the paying filter's total and the page as JSON. Built once per shape
 * and database, then run prepared, as a named statement on PostgreSQL (parsed once per connection):
 * per request the server only fills in the values. The page size, and the OFFSET where it is 0 (page
 * 1, a page by cursor), are written in the text: a LIMIT or OFFSET left to a parameter makes
 * PostgreSQL plan for a tenth of the rows, so it would plan every run anew rather than keep the
 * statement's plan. Only the page sizes the app offers are written in, so the statements a
 * connection keeps stay few whatever sizes callers ask for; other sizes are a parameter.
 */
function prepareListAnswer(db: AppDb, query: PlainListQuery, start: StartShape, perPage: number | undefined, name: string) {
  const groupId = sql.placeholder('groupId');
  const list = query.list === 'all_members' ? undefined : sql.placeholder('list');
  const after = start === 'after' || start === 'after_null' ? { sortKey: start === 'after_null' ? null : sql.placeholder('sortKey'), id: sql.placeholder('afterId') } : undefined;
  const limit = perPage === undefined ? sql.placeholder('limit') : literal(perPage);
  const byNumber = start === 'page';
  const page = pageOfIds(query, groupId, list, {
    limit,
    offset: byNumber ? sql.placeholder('offset') : literal(0),
    depth: byNumber || perPage === undefined ? sql.placeholder('depth') : limit,
    after,
  });
  const inList = [sql`group_id = ${groupId}`, list && sql`list = ${list}`, query.paying === undefined ? undefined : payingCondition(query.paying)];
  return db
    .select({
      plan: groups.subscribed_plan,
      counts: listCounts(groupId),
      total: query.paying === undefined ? sql<null>`NULL::int` : sql<number>`(SELECT count(*)::int FROM ${memberships} ${whereAll(inList)})`,
      page: pageAnswer(page, query.sortDirection),
    })
    .from(groups)
    .where(eq(groups.id, groupId))
    .prepare(name);
}

type PreparedListAnswer = ReturnType<typeof prepareListAnswer>;

/** Each database's prepared list answers, by statement name. */
const preparedListAnswers = new WeakMap<AppDb, Map<string, PreparedListAnswer>>();

/**
 * The members list's answer for a page of a list without a search, in one prepared statement;
 * undefined when the group is gone. A page next to a known row is read as readMemberListPage
 * reads it.
 */
export async function readMemberListAnswer(db: AppDb, query: PlainListQuery, perPage: number, start: PageStart): Promise<MemberListAnswer | undefined> {
  const backwards = 'toward' in start && start.toward === 'previous';
  const ordered = backwards ? { ...query, sortDirection: REVERSED[query.sortDirection] } : query;
  const startShape: StartShape = 'page' in start ? (start.page === 1 ? 'first' : 'page') : start.from.sortKey === null ? 'after_null' : 'after';
  const writtenSize = (MEMBER_PER_PAGE_OPTIONS as readonly number[]).includes(perPage) ? perPage : undefined;
  const name = `member_list_${query.list === 'all_members' ? 'all' : 'one'}_${query.sortBy}_${ordered.sortDirection}_${query.paying ?? 'any'}_${startShape}_${writtenSize ?? 'n'}`;
  let prepared = preparedListAnswers.get(db);
  if (!prepared) preparedListAnswers.set(db, (prepared = new Map()));
  let statement = prepared.get(name);
  if (!statement) prepared.set(name, (statement = prepareListAnswer(db, ordered, startShape, writtenSize, name)));
  const offset = 'page' in start ? (start.page - 1) * perPage : 0;
  const [row] = await statement.execute({
    groupId: query.groupId,
    list: query.list,
    limit: perPage,
    offset,
    depth: offset + perPage,
    sortKey: 'from' in start ? start.from.sortKey : null,
    afterId: 'from' in start ? start.from.id : null,
  });
  if (!row) return undefined;
  const countAll = countsOf(row.counts.map(([list, count]) => ({ list, count })));
  return {
    plan: row.plan,
    countAll,
    countFiltered: countAll,
    total: row.total ?? countAll[query.list],
    ...pageOf(row.page, backwards),
  };
}

/**
 * The members list's answer for a page of a searched list, in one statement; undefined when the
 * group is gone. Its page, its total and the search's matches per list come from one read of the
 * matches: the group's memberships the search (and the role and linked-user filters) finds, on the
 * trigram index for a narrow search or one pass over the group for a broad one, counted per list
 * and, narrowed to the list and the paying filter, sorted for the page, joined to its member rows.
 */
export async function readMemberSearchPage(db: AppDb, query: MemberListQuery & { search: string }, perPage: number, start: PageStart): Promise<MemberListAnswer | undefined> {
  const backwards = 'toward' in start && start.toward === 'previous';
  const ordered = backwards ? { ...query, sortDirection: REVERSED[query.sortDirection] } : query;
  const direction = sql.raw(ordered.sortDirection);
  const { column } = sortColumnOf(query.sortBy);
  const { paying, ...matching } = query;
  const inPage = [query.list !== 'all_members' ? sql`list = ${query.list}` : undefined, paying === undefined ? undefined : payingCondition(paying)];
  const after = 'from' in start ? afterKeyset(ordered, start.from, sql.raw('sort_value')) : undefined;
  const offset = 'page' in start ? (start.page - 1) * perPage : 0;
  const page = sql`(SELECT id AS page_id, sort_value, sort_value::text AS sort_key FROM matches ${whereAll([...inPage, after])}
    ORDER BY sort_value ${direction}, id ${direction} LIMIT ${perPage} OFFSET ${offset}) AS page`;
  const { rows } = await db.execute<{
    plan: SubscribedPlan;
    count_all: Array<[StoredMemberList, number]>;
    counts: Array<[StoredMemberList, number]>;
    total: number;
    page: Array<[string | null, number, MemberAnswer]>;
  }>(sql`
    WITH matches AS MATERIALIZED (
      SELECT id, list, subscription_status, ${column} AS sort_value FROM memberships
      ${whereAll([sql`group_id = ${query.groupId}`, ...filterConditions(matching)])}
    )
    SELECT
      groups.subscribed_plan AS plan,
      ${listCounts(query.groupId)} AS count_all,
      (SELECT coalesce(json_agg(json_build_array(list, n)), '[]'::json) FROM (SELECT list, count(*)::int AS n FROM matches GROUP BY list) AS per_list) AS counts,
      (SELECT count(*)::int FROM matches ${whereAll(inPage)}) AS total,
      ${pageAnswer(page, ordered.sortDirection)} AS page
    FROM groups WHERE groups.id = ${query.groupId}`);
  const answer = rows[0];
  if (!answer) return undefined;
  return {
    plan: answer.plan,
    countAll: countsOf(answer.count_all.map(([list, count]) => ({ list, count }))),
    countFiltered: countsOf(answer.counts.map(([list, count]) => ({ list, count }))),
    total: Number(answer.total),
    ...pageOf(answer.page, backwards),
  };
}

/** One page of one list by its number. */
export async function readMemberPage(db: AppDb, query: MemberListQuery, page: number, perPage: number) {
  return (await readMemberListPage(db, query, perPage, { page })).rows;
}

/** Rows an export reads at a time: small enough that other users' queries never wait long behind one. */
const EXPORT_CHUNK_SIZE = 100;

/**
 * Every row of a list in the page order, read in chunks that each start after the last one's
 * keyset, so memory stays bounded. The embedded database runs one query at a time, in the event
 * loop's thread, so exports must not crowd other users out: each of their queries waits its turn
 * among the server's exports (`inTurn`), then lets the event loop run before it starts. Requests
 * that arrived meanwhile get their queries in first, and a page of the members list waits behind
 * one export query at most, not one per export, nor a chain of them.
 */
export async function* readMemberChunks(
  db: AppDb,
  query: MemberListQuery,
  { chunkSize = EXPORT_CHUNK_SIZE, inTurn = rightAway }: { chunkSize?: number; inTurn?: OneAtATime } = {},
) {
  const politely = <T>(read: () => Promise<T>) =>
    inTurn(async () => {
      await setImmediate();
      return read();
    });
  let after: Keyset | undefined;
  for (;;) {
    const read = await politely(() => pageRows(db, query, chunkSize, 0, after));
    if (read.length > 0) yield read.map((paged) => paged.row);
    if (read.length < chunkSize) return;
    after = read[read.length - 1]!.keyset;
  }
}

/** Members per list of a group: the counters the memberships' triggers keep. */
export async function countMemberLists(db: AppDb, groupId: number): Promise<MemberListCounts> {
  const rows = await db.select({ list: member_list_counts.list, count: member_list_counts.count }).from(member_list_counts).where(eq(member_list_counts.group_id, groupId));
  return countsOf(rows);
}

function countsOf(rows: Array<{ list: StoredMemberList; count: number }>): MemberListCounts {
  const counts: MemberListCounts = { active: 0, inactive: 0, whitelisted: 0, removed: 0, all_members: 0 };
  for (const row of rows) {
    counts[row.list] = row.count;
    counts.all_members += row.count;
  }
  return counts;
}

/** Members of the query's list matching its search and paying filter: the total its pages go through. */
export async function countMemberList(db: AppDb, query: MemberListQuery): Promise<number> {
  const conditions = [
    sql`group_id = ${query.groupId}`,
    query.list !== 'all_members' ? sql`list = ${query.list}` : undefined,
    ...filterConditions(query),
  ].filter((condition): condition is SQL => condition !== undefined);
  const { rows } = await db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM memberships WHERE ${sql.join(conditions, sql` AND `)}`);
  return Number(rows[0]!.count);
}

/** The largest membership id (serial). */
const MAX_ID = 2_147_483_647;

/** What a cursor belongs to: the query's filters, sort and page size; a cursor leads only to a page of that query. */
function cursorQueryOf(query: MemberListQuery, perPage: number) {
  return [query.list, query.search ?? null, query.paying ?? null, query.role ?? null, query.hasUser ?? null, query.sortBy, query.sortDirection, perPage];
}

interface CursorBody {
  /** cursorQueryOf the query it was made for. */
  q: unknown[];
  /** The page it leads to. */
  p: number;
  /** n: the page after the row; p: the page before it. */
  t: 'n' | 'p';
  /** The row's sort value as text (null for a NULL), and its membership id. */
  k: string | null;
  i: number;
}

/** The client's handle on the page `page` of the query: the row it goes on from, and which way. */
export function memberListCursor(query: MemberListQuery, perPage: number, page: number, toward: 'next' | 'previous', from: Keyset): string {
  const body: CursorBody = { q: cursorQueryOf(query, perPage), p: page, t: toward === 'next' ? 'n' : 'p', k: from.sortKey, i: from.id };
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

const TIMESTAMP_TEXT = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

/** A sort value as PostgreSQL writes that column as text: what the keyset casts back without an error. */
function isSortKeyOf(sortBy: MemberSortField, key: unknown): boolean {
  const { type, nullable } = SORT_COLUMNS[sortBy];
  if (key === null) return nullable;
  if (typeof key !== 'string') return false;
  switch (type) {
    case 'integer':
      return /^-?\d{1,10}$/.test(key) && Math.abs(Number(key)) <= MAX_ID;
    case 'timestamptz': {
      const parts = TIMESTAMP_TEXT.exec(key);
      if (!parts) return false;
      const [year, month, day, hour, minute, second] = parts.slice(1, 7).map(Number) as [number, number, number, number, number, number];
      const date = new Date(Date.UTC(year, month - 1, day));
      return date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60 && second < 60;
    }
    case 'text':
      return !key.includes('\u0000');
  }
}

/**
 * The page start a cursor stands for, when it is one this server made for the page `page` of this
 * very query; undefined for anything else (altered, truncated, of another query or page).
 */
export function pageStartOfCursor(cursor: string, query: MemberListQuery, perPage: number, page: number): PageStart | undefined {
  let body: Partial<CursorBody>;
  try {
    body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<CursorBody>;
  } catch {
    return undefined;
  }
  if (typeof body !== 'object' || body === null) return undefined;
  const { q, p, t, k, i } = body;
  if (JSON.stringify(q) !== JSON.stringify(cursorQueryOf(query, perPage)) || p !== page) return undefined;
  if ((t !== 'n' && t !== 'p') || !Number.isInteger(i) || i! < 1 || i! > MAX_ID || !isSortKeyOf(query.sortBy, k)) return undefined;
  return { toward: t === 'n' ? 'next' : 'previous', from: { sortKey: k!, id: i! } };
}
