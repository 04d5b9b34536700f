import type { ApiClient } from '../../api/client';
import type { components } from '../../api/schema';
import { failureReason } from '../../api/failureReason';
import type { PostsFilters } from './postsFilters';

export type Post = components['schemas']['Post'];

export type PostsResult =
  | { kind: 'loaded'; posts: Post[]; count: number; countAll: number }
  | { kind: 'failed'; reason: string };

/** GET /groups/{id}/posts; a failure is a value the page shows, not an error page. */
export async function loadPosts(api: ApiClient, groupId: number, filters: PostsFilters, signal: AbortSignal): Promise<PostsResult> {
  try {
    const { data, error, response } = await api.GET('/groups/{id}/posts', {
      params: {
        path: { id: groupId },
        query: { page: filters.page, per_page: filters.perPage, ...(filters.search ? { search: filters.search } : {}) },
      },
      signal,
    });
    if (!data) return { kind: 'failed', reason: failureReason(error, response) };
    return { kind: 'loaded', posts: data.posts, count: data.count, countAll: data.count_all };
  } catch (error) {
    if (signal.aborted) throw error;
    return { kind: 'failed', reason: failureReason(error, undefined) };
  }
}
