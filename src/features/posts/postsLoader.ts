import type { ApiClient } from '../../api/client';
import { loadPosts } from './loadPosts';
import { readPostsFilters } from './postsFilters';
import type { PostsLoaderData } from './PostsRoute';

/** The posts route's data: filters from the address, then the page of posts they select. */
export async function postsLoaderData(api: ApiClient, group: { id: number; fb_group_id: string }, request: Request): Promise<PostsLoaderData> {
  const filters = readPostsFilters(new URL(request.url).searchParams);
  return { fbGroupId: group.fb_group_id, filters, result: await loadPosts(api, group.id, filters, request.signal) };
}
