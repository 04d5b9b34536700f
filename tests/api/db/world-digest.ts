import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { AppDb } from '../../../server/db/connect';
import {
  audit_logs,
  daily_metrics,
  engagements,
  groups,
  members,
  memberships,
  posts,
  users,
} from '../../../server/db/schema';

/** A fingerprint of the seeded world built from natural keys and content, not from serial ids. */
export async function worldDigest(db: AppDb): Promise<string> {
  const parts = await Promise.all([
    db.select({ fb_user_id: users.fb_user_id, name: users.name, flags: users.flags, created_at: users.created_at }).from(users).orderBy(asc(users.fb_user_id)),
    db
      .select({ fb_group_id: groups.fb_group_id, plan: groups.subscribed_plan, settings: groups.settings, ends: groups.subscription_ends_at })
      .from(groups)
      .orderBy(asc(groups.fb_group_id)),
    db.select({ fb_user_id: members.fb_user_id, name: members.name, bio: members.bio }).from(members).orderBy(asc(members.fb_user_id)),
    db
      .select({
        group: groups.fb_group_id,
        member: members.fb_user_id,
        role: memberships.role,
        list: memberships.list,
        holder: memberships.is_admin_holder,
        posts: memberships.posts_count,
        reactions: memberships.reactions_count,
        comments: memberships.comments_count,
        last_activity_at: memberships.last_activity_at,
        removed_at: memberships.removed_at,
        created_at: memberships.created_at,
      })
      .from(memberships)
      .innerJoin(groups, eq(groups.id, memberships.group_id))
      .innerJoin(members, eq(members.id, memberships.member_id))
      .orderBy(asc(groups.fb_group_id), asc(members.fb_user_id)),
    db
      .select({ fb_post_id: posts.fb_post_id, posted_at: posts.posted_at, text: posts.text, author: posts.member_name })
      .from(posts)
      .orderBy(asc(posts.fb_post_id)),
    db
      .select({ id: engagements.fb_engagement_id, kind: engagements.kind, created_at: engagements.created_at })
      .from(engagements)
      .orderBy(asc(engagements.fb_engagement_id)),
    db
      .select({ group: groups.fb_group_id, day: daily_metrics.day, active: daily_metrics.active, posts: daily_metrics.posts })
      .from(daily_metrics)
      .innerJoin(groups, eq(groups.id, daily_metrics.group_id))
      .orderBy(asc(groups.fb_group_id), asc(daily_metrics.day)),
    db
      .select({ kind: audit_logs.kind, data: audit_logs.data, created_at: audit_logs.created_at })
      .from(audit_logs)
      .orderBy(asc(audit_logs.created_at), asc(audit_logs.kind)),
  ]);
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}
