import type { FastifyRequest } from 'fastify';
import { publicUrl } from '../../http/public-url';
import type { NetworkGroup, NetworkMember, NetworkPerson, NetworkPost } from '../../sandbox/network';
import { reactionKindOf } from '../../sandbox/reaction-kinds';

/** The contract's NetworkGroup: a sandbox group with the reader's role and how many members it has now. */
export function networkGroupView(request: FastifyRequest, group: NetworkGroup, role: NetworkMember['role'], membersCount: number) {
  return {
    fb_group_id: group.fb_group_id,
    fb_slug: group.fb_slug,
    name: group.name,
    avatar_url: publicUrl(request, group.avatar_url),
    role,
    members_count: membersCount,
  };
}

/** The contract's NetworkAdmin. */
export function networkAdminView(request: FastifyRequest, member: NetworkMember) {
  return {
    fb_user_id: member.fb_user_id,
    name: member.name,
    fb_username: member.fb_username,
    avatar_url: publicUrl(request, member.avatar_url),
    role: member.role,
  };
}

/** The contract's NetworkMember. The sandbox has no deactivated accounts. */
export function networkMemberView(request: FastifyRequest, member: NetworkMember) {
  return {
    ...networkAdminView(request, member),
    bio: member.bio,
    is_banned: false,
    joined_at: member.joined_at,
  };
}

/** The contract's NetworkPost: the author, the reactions (with a kind) and the comments, as the robot reads them. */
export function networkPostView(request: FastifyRequest, post: NetworkPost, author: NetworkPerson) {
  return {
    fb_post_id: post.fb_post_id,
    posted_at: post.posted_at,
    text: post.text,
    picture: publicUrl(request, post.picture),
    author: { fb_user_id: author.fb_user_id, name: author.name, fb_username: author.fb_username, avatar_url: publicUrl(request, author.avatar_url) },
    reactions: post.reactions.map((reaction) => ({
      fb_user_id: reaction.fb_user_id,
      name: reaction.name,
      kind: reactionKindOf(reaction.fb_engagement_id),
    })),
    comments: post.comments.map((comment) => ({
      fb_comment_id: comment.fb_engagement_id,
      fb_user_id: comment.fb_user_id,
      name: comment.name,
      commented_at: comment.created_at,
    })),
  };
}
