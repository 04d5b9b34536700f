import type { FastifyRequest } from 'fastify';
import type { posts } from '../../db/schema';
import { publicUrl } from '../../http/public-url';

/** The contract's Post. */
export function postView(request: FastifyRequest, post: typeof posts.$inferSelect) {
  return {
    id: post.id,
    fb_post_id: post.fb_post_id,
    group_id: post.group_id,
    member_id: post.member_id,
    posted_at: post.posted_at.toISOString(),
    text: post.text,
    picture: publicUrl(request, post.picture),
    member_name: post.member_name,
    comments_count: post.comments_count,
    reactions_count: post.reactions_count,
  };
}
