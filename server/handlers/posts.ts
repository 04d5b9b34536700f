import { readPostPage } from '../domain/group-posts';
import type { HandlerContext, HandlerGroup } from './types';
import { postView } from './views/post';

export function postsHandlers({ db }: HandlerContext): HandlerGroup {
  return {
    async listGroupPosts(request) {
      const { id } = request.params;
      const { page = 1, per_page: perPage = 25, search } = request.query;
      const result = await readPostPage(db, id, search?.trim() || undefined, page, perPage);
      return {
        posts: result.rows.map((post) => postView(request, post)),
        count: result.count,
        count_all: result.countAll,
      };
    },
  };
}
