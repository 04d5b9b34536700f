import { sql } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import { posts } from '../db/schema';
import { recomputeMemberActivity } from './member-activity';
import { ensurePeople, type KnownMember, type ScannedPerson } from './network-people';
import { ensureMemberships } from './scanned-memberships';

export interface ScannedReaction {
  fb_user_id: string;
  name: string;
}

export interface ScannedComment {
  fb_comment_id: string;
  fb_user_id: string;
  name: string;
  commented_at: Date;
}

export interface ScannedPost {
  fb_post_id: string;
  posted_at: Date;
  text: string | null;
  picture: string | null;
  author: ScannedPerson | null;
  reactions: ScannedReaction[];
  comments: ScannedComment[];
}

/** A reaction or comment to store: on which post, by whom, its id and time. */
export interface EngagementRow {
  post_id: number;
  member_id: number;
  fb_engagement_id: string;
  created_at: string;
}

/**
 * A batch of a posts scan: authors and everyone who reacted or commented become members of the
 * group, the posts are created or refreshed, their reactions and comments stored once each, and
 * the activity counts of everyone involved recomputed. Answers how many posts the batch held.
 */
export async function writePostsBatch(db: AppDb, groupId: number, scanned: readonly ScannedPost[], at: Date): Promise<number> {
  const distinctPosts = [...new Map(scanned.map((post) => [post.fb_post_id, post])).values()];
  const people = await ensurePeople(db, peopleIn(distinctPosts), at);
  await ensureMemberships(db, groupId, [...people.values()].map((member) => ({ memberId: member.id, name: member.name })), at);
  const postIds = await upsertPosts(db, groupId, distinctPosts, people, at);
  await insertComments(db, groupId, commentRows(distinctPosts, postIds, people));
  await insertReactions(db, groupId, reactionRows(distinctPosts, postIds, people));
  await recomputeMemberActivity(db, groupId, [...people.values()].map((member) => member.id));
  return distinctPosts.length;
}

function peopleIn(scanned: readonly ScannedPost[]): ScannedPerson[] {
  return scanned.flatMap((post) => [...(post.author ? [post.author] : []), ...post.reactions, ...post.comments]);
}

/** Counts never shrink on a rescan: a scan may read fewer reactions per post than an earlier one did. */
async function upsertPosts(
  db: AppDb,
  groupId: number,
  scanned: readonly ScannedPost[],
  people: ReadonlyMap<string, KnownMember>,
  at: Date,
): Promise<Map<string, number>> {
  if (scanned.length === 0) return new Map();
  const rows = await db
    .insert(posts)
    .values(
      scanned.map((post) => {
        const author = post.author ? people.get(post.author.fb_user_id)! : null;
        return {
          group_id: groupId,
          member_id: author?.id ?? null,
          fb_post_id: post.fb_post_id,
          posted_at: post.posted_at,
          text: post.text,
          picture: post.picture,
          member_name: author?.name ?? null,
          reactions_count: new Set(post.reactions.map((reaction) => reaction.fb_user_id)).size,
          comments_count: new Set(post.comments.map((comment) => comment.fb_comment_id)).size,
          created_at: at,
          updated_at: at,
        };
      }),
    )
    .onConflictDoUpdate({
      target: [posts.group_id, posts.fb_post_id],
      set: {
        member_id: sql`excluded.member_id`,
        member_name: sql`excluded.member_name`,
        posted_at: sql`excluded.posted_at`,
        text: sql`excluded.text`,
        picture: sql`excluded.picture`,
        reactions_count: sql`GREATEST(${posts.reactions_count}, excluded.reactions_count)`,
        comments_count: sql`GREATEST(${posts.comments_count}, excluded.comments_count)`,
        updated_at: sql`excluded.updated_at`,
      },
    })
    .returning({ id: posts.id, fb_post_id: posts.fb_post_id });
  return new Map(rows.map((row) => [row.fb_post_id, row.id]));
}

function commentRows(scanned: readonly ScannedPost[], postIds: ReadonlyMap<string, number>, people: ReadonlyMap<string, KnownMember>): EngagementRow[] {
  return scanned.flatMap((post) =>
    post.comments.map((comment) => ({
      post_id: postIds.get(post.fb_post_id)!,
      member_id: people.get(comment.fb_user_id)!.id,
      fb_engagement_id: comment.fb_comment_id,
      created_at: comment.commented_at.toISOString(),
    })),
  );
}

/** The network gives reactions no id: a reaction is one person's on one post, so its id is made of the post's and the person's. */
export function reactionEngagementId(fbPostId: string, fbUserId: string): string {
  return `r${fbPostId}_${fbUserId}`;
}

/** A reaction counts as made when its post was published, since the network gives it no time. */
function reactionRows(scanned: readonly ScannedPost[], postIds: ReadonlyMap<string, number>, people: ReadonlyMap<string, KnownMember>): EngagementRow[] {
  return scanned.flatMap((post) =>
    [...new Map(post.reactions.map((reaction) => [reaction.fb_user_id, reaction])).values()].map((reaction) => ({
      post_id: postIds.get(post.fb_post_id)!,
      member_id: people.get(reaction.fb_user_id)!.id,
      fb_engagement_id: reactionEngagementId(post.fb_post_id, reaction.fb_user_id),
      created_at: post.posted_at.toISOString(),
    })),
  );
}

/** What an engagement insert stored: one entry per new row, its post and member. */
export type StoredEngagements = Array<{ post_id: number; member_id: number }>;

/** Rows go as one JSON parameter, so a batch of any size is one statement. Answers the rows it stored. */
export async function insertComments(db: AppDb, groupId: number, rows: readonly EngagementRow[]): Promise<StoredEngagements> {
  if (rows.length === 0) return [];
  const result = await db.execute<{ post_id: number; member_id: number }>(sql`
    INSERT INTO engagements (post_id, group_id, member_id, kind, fb_engagement_id, created_at)
    SELECT c.post_id, ${groupId}, c.member_id, 'comment', c.fb_engagement_id, c.created_at
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS c(post_id int, member_id int, fb_engagement_id text, created_at timestamptz)
    ON CONFLICT (group_id, fb_engagement_id) DO NOTHING
    RETURNING post_id, member_id
  `);
  return result.rows;
}

/** One reaction per person and post, whatever id an earlier scan (or the seed) stored it under. Answers the rows it stored. */
export async function insertReactions(db: AppDb, groupId: number, rows: readonly EngagementRow[]): Promise<StoredEngagements> {
  if (rows.length === 0) return [];
  const result = await db.execute<{ post_id: number; member_id: number }>(sql`
    INSERT INTO engagements (post_id, group_id, member_id, kind, fb_engagement_id, created_at)
    SELECT r.post_id, ${groupId}, r.member_id, 'reaction', r.fb_engagement_id, r.created_at
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS r(post_id int, member_id int, fb_engagement_id text, created_at timestamptz)
    WHERE NOT EXISTS (
      SELECT 1 FROM engagements AS e WHERE e.post_id = r.post_id AND e.member_id = r.member_id AND e.kind = 'reaction'
    )
    ON CONFLICT (group_id, fb_engagement_id) DO NOTHING
    RETURNING post_id, member_id
  `);
  return result.rows;
}
