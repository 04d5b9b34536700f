import { useEffect, useState } from 'react';
import { useLoaderData, useLocation, useNavigation, useSearchParams } from 'react-router-dom';
import type { PostsResult } from './loadPosts';
import { PostsPage } from './PostsPage';
import { withPage, withSearch, writePostsFilters, type PostsFilters } from './postsFilters';

/** Text filters wait for the typing to stop (spec part 2 §9). */
export const SEARCH_DEBOUNCE_MS = 1000;

export interface PostsLoaderData {
  fbGroupId: string;
  filters: PostsFilters;
  result: PostsResult;
}

export function PostsRoute() {
  const { fbGroupId, filters, result } = useLoaderData() as PostsLoaderData;
  const [, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const location = useLocation();
  const [searchText, setSearchText] = useState(filters.search);
  const reloading = navigation.state === 'loading' && navigation.location?.pathname === location.pathname;

  const apply = (next: PostsFilters) => setSearchParams(writePostsFilters(next), { replace: true });

  useEffect(() => {
    if (searchText.trim() === filters.search) return;
    const timer = setTimeout(() => setSearchParams(writePostsFilters(withSearch(filters, searchText)), { replace: true }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, filters, setSearchParams]);

  return (
    <PostsPage
      fbGroupId={fbGroupId}
      filters={filters}
      searchText={searchText}
      result={reloading ? null : result}
      onSearchTextChange={setSearchText}
      onPageChange={(page, perPage) => apply(withPage(filters, page, perPage))}
    />
  );
}
