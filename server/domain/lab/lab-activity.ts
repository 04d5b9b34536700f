import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/connect';
import { engagements, members, memberships, posts } from '../../db/schema';
import { sandboxPictureUrl } from '../../sandbox/avatars';
import { composePostText } from '../../sandbox/post-text';
import { hashInts, mulberry32 } from '../../sandbox/random';
import { insertComments, insertReactions, reactionEngagementId, writePostsBatch, type ScannedPost, type StoredEngagements } from '../ingest-posts';
import { recomputeMemberActivity } from '../member-activity';
import { ensurePeople } from '../network-people';
import { ensureMemberships } from '../scanned-memberships';
import { fakePerson, labNetworkIds, topicOf } from './fake-network';
import { lockGroup } from './lab-groups';
import { recordLabAction, refused, type LabActor, type LabOutcome } from './lab-action';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Fake posts are spread over the last week. */
const FAKE_POSTS_SPAN_MS = 7 * DAY_MS;
/** Fake reactions and comments go to the group's latest posts, the newest most. */
const RECENT_POSTS = 50;
/** The members who engage are drawn from the group's most engaged ones. */
const ENGAGED_POOL = 1_000;
/** People made for a group with no members to post or comment. */
const NEW_PEOPLE_AT_MOST = 20;
/** Posts go to the ingestion in batches of this many, as a posts scan sends them. */
const POSTS_PER_BATCH = 500;
const MEAN_COMMENT_DELAY_HOURS = 9;
const MAX_COMMENT_DELAY_MS = 10 * DAY_MS;

interface Person {
  memberId: number;
  fbUserId: string;
  name: string;
}

interface RecentPost {
  id: number;
  fbPostId: string;
  postedAt: Date;
}

/** Seeded randomness, as the sandbox's: one stream per call, fixed by the group, the moment and the kind of fake. */
function randomFor(actor: LabActor, groupId: number, salt: number): () => number {
  return mulberry32(hashInts(groupId, Math.floor(actor.at.getTime() / 1000), salt));
}

/** An item drawn towards the front of the list: the sandbox's skew of who engages most. */
function skewedPick<T>(items: readonly T[], random: () => number, skew: number): T {
  return items[Math.floor(items.length * random() ** skew)]!;
}

/** The group's members who are still in it, the most engaged first. */
async function engagedPool(tx: AppDb, groupId: number): Promise<Person[]> {
  return tx
    .select({ memberId: memberships.member_id, fbUserId: members.fb_user_id, name: memberships.member_name })
    .from(memberships)
    .innerJoin(members, eq(members.id, memberships.member_id))
    .where(and(eq(memberships.group_id, groupId), eq(memberships.is_removed, false)))
    .orderBy(desc(sql`${memberships.posts_count} + ${memberships.comments_count} + ${memberships.reactions_count}`), memberships.member_id)
    .limit(ENGAGED_POOL);
}

/** New people who join the group as subscribers, as the people a posts scan sees do (ingest-posts.ts). */
async function newPeople(tx: AppDb, actor: LabActor, groupId: number, howMany: number): Promise<Person[]> {
  const people = labNetworkIds(howMany).map((fbUserId) => fakePerson(fbUserId, { sandbox: actor.sandbox }));
  const known = await ensurePeople(tx, people, actor.at);
  const joined = people.map((person) => ({ memberId: known.get(person.fb_user_id)!.id, fbUserId: person.fb_user_id, name: known.get(person.fb_user_id)!.name }));
  await ensureMemberships(tx, groupId, joined, actor.at);
  return joined;
}

async function recentPosts(tx: AppDb, groupId: number): Promise<RecentPost[]> {
  return tx
    .select({ id: posts.id, fbPostId: posts.fb_post_id, postedAt: posts.posted_at })
    .from(posts)
    .where(eq(posts.group_id, groupId))
    .orderBy(desc(posts.posted_at), desc(posts.id))
    .limit(RECENT_POSTS);
}

async function postsOf(tx: AppDb, groupId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(posts).where(eq(posts.group_id, groupId));
  return row!.n;
}

async function engagementsOf(tx: AppDb, groupId: number, kind?: 'reaction' | 'comment'): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(engagements)
    .where(and(eq(engagements.group_id, groupId), kind ? eq(engagements.kind, kind) : undefined));
  return row!.n;
}

/**
 * Posts of the last week by the group's members, the most engaged posting most (new people post in
 * a group with no members), in the sandbox's words on a topic of the group; a quarter with a
 * picture in the sandbox. They go through the posts scan's ingestion (writePostsBatch).
 */
export async function fakePosts(db: AppDb, actor: LabActor, groupId: number, howMany: number): Promise<LabOutcome<{ created: number }>> {
  const ids = labNetworkIds(howMany);
  const random = randomFor(actor, groupId, 1);
  return db.transaction(async (tx) => {
    if (!(await lockGroup(tx, groupId))) return refused('not_found');
    const before = await postsOf(tx, groupId);
    const pool = await engagedPool(tx, groupId);
    const authors = pool.length > 0 ? pool : await newPeople(tx, actor, groupId, Math.min(howMany, NEW_PEOPLE_AT_MOST));
    const topic = topicOf(groupId);
    const scanned: ScannedPost[] = ids.map((fbPostId) => {
      const author = skewedPick(authors, random, 2.2);
      const postedAt = new Date(actor.at.getTime() - Math.floor(random() * FAKE_POSTS_SPAN_MS));
      const text = composePostText(random, topic);
      const picture = random() < 0.25 && actor.sandbox ? sandboxPictureUrl(fbPostId) : null;
      return { fb_post_id: fbPostId, posted_at: postedAt, text, picture, author: { fb_user_id: author.fbUserId, name: author.name }, reactions: [], comments: [] };
    });
    for (let start = 0; start < scanned.length; start += POSTS_PER_BATCH) {
      await writePostsBatch(tx, groupId, scanned.slice(start, start + POSTS_PER_BATCH), actor.at);
    }
    const after = await postsOf(tx, groupId);
    await recordLabAction(tx, actor, { action: 'fake_posts', groupId, diff: { posts: [before, after] } });
    return { done: { created: after - before } };
  });
}

/** The posts' counts go up by the reactions or comments just stored on them. */
async function raisePostCounts(tx: AppDb, stored: StoredEngagements, column: 'reactions_count' | 'comments_count'): Promise<void> {
  const added = new Map<number, number>();
  for (const row of stored) added.set(row.post_id, (added.get(row.post_id) ?? 0) + 1);
  if (added.size === 0) return;
  const rows = [...added].map(([post_id, n]) => ({ post_id, n }));
  await tx.execute(sql`
    UPDATE posts SET ${sql.identifier(column)} = posts.${sql.identifier(column)} + added.n
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS added(post_id int, n int)
    WHERE posts.id = added.post_id`);
}

const distinctMembers = (stored: StoredEngagements) => [...new Set(stored.map((row) => row.member_id))];

/**
 * Reactions of the group's members to its latest posts, one per member and post, the newest posts
 * and the most engaged members most; when the members run out, new people join to react. A
 * reaction counts as made when its post was published, as the scans store them.
 */
export async function fakeReactions(db: AppDb, actor: LabActor, groupId: number, howMany: number): Promise<LabOutcome<{ created: number }>> {
  const random = randomFor(actor, groupId, 2);
  return db.transaction(async (tx) => {
    if (!(await lockGroup(tx, groupId))) return refused('not_found');
    const latest = await recentPosts(tx, groupId);
    if (latest.length === 0) return refused('no_posts');
    const before = await engagementsOf(tx, groupId, 'reaction');
    const pool = await engagedPool(tx, groupId);
    const existing = await tx
      .select({ postId: engagements.post_id, memberId: engagements.member_id })
      .from(engagements)
      .where(and(eq(engagements.kind, 'reaction'), inArray(engagements.post_id, latest.map((post) => post.id))));
    const pairs = chooseReactions(latest, pool, existing, howMany, random);
    const missing = howMany - pairs.length;
    if (missing > 0) {
      const joined = await newPeople(tx, actor, groupId, Math.ceil(missing / latest.length));
      for (const person of joined) for (const post of latest) if (pairs.length < howMany) pairs.push({ post, person });
    }
    const stored = await insertReactions(
      tx,
      groupId,
      pairs.map(({ post, person }) => ({
        post_id: post.id,
        member_id: person.memberId,
        fb_engagement_id: reactionEngagementId(post.fbPostId, person.fbUserId),
        created_at: post.postedAt.toISOString(),
      })),
    );
    await raisePostCounts(tx, stored, 'reactions_count');
    await recomputeMemberActivity(tx, groupId, distinctMembers(stored));
    await recordLabAction(tx, actor, { action: 'fake_reactions', groupId, diff: { reactions: [before, before + stored.length] } });
    return { done: { created: stored.length } };
  });
}

/** Up to `wanted` (post, person) pairs nobody has reacted with yet; fewer when the pool has no more. */
function chooseReactions(
  latest: readonly RecentPost[],
  pool: readonly Person[],
  existing: ReadonlyArray<{ postId: number; memberId: number }>,
  wanted: number,
  random: () => number,
): Array<{ post: RecentPost; person: Person }> {
  const key = (postId: number, memberId: number) => `${postId}:${memberId}`;
  const taken = new Set(existing.map((pair) => key(pair.postId, pair.memberId)));
  const inPool = new Set(pool.map((person) => person.memberId));
  const takenOf = new Map<number, number>();
  for (const pair of existing) if (inPool.has(pair.memberId)) takenOf.set(pair.postId, (takenOf.get(pair.postId) ?? 0) + 1);
  const isFull = (post: RecentPost) => (takenOf.get(post.id) ?? 0) >= pool.length;
  let open = latest.filter((post) => !isFull(post)).length;
  const chosen: Array<{ post: RecentPost; person: Person }> = [];
  while (chosen.length < wanted && open > 0) {
    let postIndex = Math.floor(latest.length * random() ** 1.5);
    while (isFull(latest[postIndex]!)) postIndex = (postIndex + 1) % latest.length;
    const post = latest[postIndex]!;
    let rank = Math.floor(pool.length * random() ** 1.6);
    while (taken.has(key(post.id, pool[rank]!.memberId))) rank = (rank + 1) % pool.length;
    const person = pool[rank]!;
    taken.add(key(post.id, person.memberId));
    takenOf.set(post.id, (takenOf.get(post.id) ?? 0) + 1);
    if (isFull(post)) open -= 1;
    chosen.push({ post, person });
  }
  return chosen;
}

/**
 * Comments of the group's members on its latest posts, the newest posts and the most engaged
 * members most (new people comment in a group with no members), each some hours after its post,
 * never later than now.
 */
export async function fakeComments(db: AppDb, actor: LabActor, groupId: number, howMany: number): Promise<LabOutcome<{ created: number }>> {
  const ids = labNetworkIds(howMany);
  const random = randomFor(actor, groupId, 3);
  return db.transaction(async (tx) => {
    if (!(await lockGroup(tx, groupId))) return refused('not_found');
    const latest = await recentPosts(tx, groupId);
    if (latest.length === 0) return refused('no_posts');
    const before = await engagementsOf(tx, groupId, 'comment');
    const pool = await engagedPool(tx, groupId);
    const commenters = pool.length > 0 ? pool : await newPeople(tx, actor, groupId, Math.min(howMany, NEW_PEOPLE_AT_MOST));
    const rows = ids.map((fbCommentId) => {
      const post = skewedPick(latest, random, 1.5);
      const person = skewedPick(commenters, random, 1.4);
      const delay = Math.min(MAX_COMMENT_DELAY_MS, Math.floor(-Math.log(1 - random()) * MEAN_COMMENT_DELAY_HOURS * HOUR_MS) + 60_000);
      const commentedAt = Math.min(actor.at.getTime(), post.postedAt.getTime() + delay);
      return { post_id: post.id, member_id: person.memberId, fb_engagement_id: fbCommentId, created_at: new Date(commentedAt).toISOString() };
    });
    const stored = await insertComments(tx, groupId, rows);
    await raisePostCounts(tx, stored, 'comments_count');
    await recomputeMemberActivity(tx, groupId, distinctMembers(stored));
    await recordLabAction(tx, actor, { action: 'fake_comments', groupId, diff: { comments: [before, before + stored.length] } });
    return { done: { created: stored.length } };
  });
}

/** The members with any activity counted in the group: theirs is recomputed once posts or engagements go. */
async function activeMemberIds(tx: AppDb, groupId: number): Promise<number[]> {
  const rows = await tx
    .select({ memberId: memberships.member_id })
    .from(memberships)
    .where(
      and(
        eq(memberships.group_id, groupId),
        sql`(${memberships.posts_count} + ${memberships.comments_count} + ${memberships.reactions_count} > 0 OR ${memberships.last_activity_at} IS NOT NULL)`,
      ),
    );
  return rows.map((row) => row.memberId);
}

/** The group's posts go, with their reactions and comments; its members' activity is counted again. */
export async function removeLabPosts(db: AppDb, actor: LabActor, groupId: number): Promise<LabOutcome<{ removed: number }>> {
  return db.transaction(async (tx) => {
    if (!(await lockGroup(tx, groupId))) return refused('not_found');
    const touched = await activeMemberIds(tx, groupId);
    const before = await postsOf(tx, groupId);
    await tx.delete(posts).where(eq(posts.group_id, groupId));
    await recomputeMemberActivity(tx, groupId, touched);
    await recordLabAction(tx, actor, { action: 'remove_posts', groupId, diff: { posts: [before, 0] } });
    return { done: { removed: before } };
  });
}

/** The group's reactions, comments and shares go, and its posts count none; its members' activity is counted again. */
export async function removeLabEngagements(db: AppDb, actor: LabActor, groupId: number): Promise<LabOutcome<{ removed: number }>> {
  return db.transaction(async (tx) => {
    if (!(await lockGroup(tx, groupId))) return refused('not_found');
    const touched = await activeMemberIds(tx, groupId);
    const before = await engagementsOf(tx, groupId);
    await tx.delete(engagements).where(eq(engagements.group_id, groupId));
    await tx
      .update(posts)
      .set({ reactions_count: 0, comments_count: 0, updated_at: actor.at })
      .where(and(eq(posts.group_id, groupId), sql`(${posts.reactions_count} > 0 OR ${posts.comments_count} > 0)`));
    await recomputeMemberActivity(tx, groupId, touched);
    await recordLabAction(tx, actor, { action: 'remove_engagements', groupId, diff: { engagements: [before, 0] } });
    return { done: { removed: before } };
  });
}
