import { readPostPage } from '../domain/group-posts';
import { publicUrl } from '../http/public-url';
import type { HandlerContext, HandlerGroup } from './types';

export function postsHandlers({ db }: HandlerContext): HandlerGroup {
  return {
    async listGroupPosts(request) {
      const { id } = request.params;
      const { page = 1, per_page: perPage = 25, search } = request.query;
      const result = await readPostPage(db, id, search?.trim() || undefined, page, perPage);
      return {
        posts: result.rows.map((post) => ({
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
        })),
        count: result.count,
        count_all: result.countAll,
      };
    },
  };
}
