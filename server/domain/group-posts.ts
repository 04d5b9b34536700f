import { and, asc, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import { posts } from '../db/schema';
import { containsPattern } from './user-search';

export interface PostQuery {
  /** One group's posts; every group's when absent (the supervisor's posted messages). */
  groupId?: number;
  search?: string;
  /** Only this member's posts. */
  memberId?: number;
  /** Posted at or after this moment. */
  from?: Date;
  /** Posted before this moment. */
  before?: Date;
  /** Newest first unless asked otherwise. */
  sortBy?: 'posted_at' | 'member_name' | 'comments_count' | 'reactions_count';
  sortDirection?: 'asc' | 'desc';
}

/** Text or author's name, case-insensitively (trigram-indexed text); % and _ are text. */
function postSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(ilike(posts.text, pattern), ilike(posts.member_name, pattern));
}

/** A page of posts, sorted in SQL (newest first on the (group_id, posted_at desc) or (posted_at desc, id desc) index), with how many match. */
export async function readPosts(db: AppDb, query: PostQuery, page: number, perPage: number) {
  const matching = and(
    query.groupId === undefined ? undefined : eq(posts.group_id, query.groupId),
    query.memberId === undefined ? undefined : eq(posts.member_id, query.memberId),
    query.from === undefined ? undefined : gte(posts.posted_at, query.from),
    query.before === undefined ? undefined : lt(posts.posted_at, query.before),
    postSearch(query.search),
  );
  const direction = query.sortDirection === 'asc' ? asc : desc;
  const column = posts[query.sortBy ?? 'posted_at'];
  const [rows, [filtered]] = await Promise.all([
    db
      .select()
      .from(posts)
      .where(matching)
      .orderBy(direction(column), direction(posts.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(posts).where(matching),
  ]);
  return { rows, count: filtered!.n };
}

/** A page of a group's posts, newest first, with the matches' count and the group's whole count. */
export async function readPostPage(db: AppDb, groupId: number, search: string | undefined, page: number, perPage: number) {
  const [found, all] = await Promise.all([
    readPosts(db, { groupId, search }, page, perPage),
    search ? db.select({ n: count() }).from(posts).where(eq(posts.group_id, groupId)) : Promise.resolve(undefined),
  ]);
  return { rows: found.rows, count: found.count, countAll: all ? all[0]!.n : found.count };
}
