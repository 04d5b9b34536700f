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
  const [seenSearch, setSeenSearch] = useState(filters.search);
  const [writtenSearch, setWrittenSearch] = useState<string | null>(null);
  const reloading = navigation.state === 'loading' && navigation.location?.pathname === location.pathname;

  // The address changed from elsewhere (a link, back): the box follows it, unless it is the search typed here.
  if (seenSearch !== filters.search) {
    setSeenSearch(filters.search);
    if (filters.search !== writtenSearch) setSearchText(filters.search);
  }

  const apply = (next: PostsFilters) => setSearchParams(writePostsFilters(next), { replace: true });

  useEffect(() => {
    if (searchText.trim() === filters.search) return;
    const timer = setTimeout(() => {
      const next = withSearch(filters, searchText);
      setWrittenSearch(next.search);
      setSearchParams(writePostsFilters(next), { replace: true });
    }, SEARCH_DEBOUNCE_MS);
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
