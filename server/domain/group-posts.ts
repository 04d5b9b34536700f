import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import { posts } from '../db/schema';
import { containsPattern } from './user-search';

/** Text or author's name, case-insensitively (trigram-indexed text); % and _ are text. */
function postSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(ilike(posts.text, pattern), ilike(posts.member_name, pattern));
}

/** A page of a group's posts, newest first on the (group_id, posted_at desc) index, with the counts. */
export async function readPostPage(db: AppDb, groupId: number, search: string | undefined, page: number, perPage: number) {
  const matching = and(eq(posts.group_id, groupId), postSearch(search))!;
  const [rows, [filtered], all] = await Promise.all([
    db
      .select()
      .from(posts)
      .where(matching)
      .orderBy(desc(posts.posted_at), desc(posts.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(posts).where(matching),
    search ? db.select({ n: count() }).from(posts).where(eq(posts.group_id, groupId)) : Promise.resolve(undefined),
  ]);
  const countMatching = filtered!.n;
  return { rows, count: countMatching, countAll: all ? all[0]!.n : countMatching };
}
