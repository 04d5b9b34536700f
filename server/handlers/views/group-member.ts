import type { FastifyRequest } from 'fastify';
import { publicUrl } from '../../http/public-url';

export interface GroupMemberRow {
  id: number;
  fb_user_id: string;
  fb_username: string | null;
  name: string;
  avatar_url: string | null;
  bio: string | null;
  is_banned: boolean;
  created_at: Date;
  updated_at: Date;
  last_activity_at: Date | null;
  posts_count: number;
  comments_count: number;
  reactions_count: number;
  paid: number | null;
  role: 'subscriber' | 'admin';
  is_removed: boolean;
  is_whitelisted: boolean;
  subscription: string | null;
  subscription_status: string | null;
}

/** The contract knows three subscription states; anything else the payment provider says is 'other'. */
export function subscriptionStatusOf(status: string | null): 'active' | 'failed' | 'other' | null {
  if (status === null) return null;
  return status === 'active' || status === 'failed' ? status : 'other';
}

/** A member as a group's calls answer it: the group's role, lists and counters. */
export function groupMemberView(request: FastifyRequest, row: GroupMemberRow) {
  return {
    id: row.id,
    fb_user_id: row.fb_user_id,
    fb_username: row.fb_username,
    name: row.name,
    avatar_url: publicUrl(request, row.avatar_url),
    bio: row.bio,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    last_activity_at: row.last_activity_at?.toISOString() ?? null,
    posts_count: row.posts_count,
    comments_count: row.comments_count,
    reactions_count: row.reactions_count,
    paid: row.paid ?? 0,
    role: row.role,
    is_removed: row.is_removed,
    is_whitelisted: row.is_whitelisted,
    is_banned: row.is_banned,
    subscription: row.subscription,
    subscription_status: subscriptionStatusOf(row.subscription_status),
  };
}
