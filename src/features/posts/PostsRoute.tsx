import { useLoaderData, useLocation, useNavigation } from 'react-router-dom';
import { useListQuery } from '../../ui/useListQuery';
import type { PostsResult } from './loadPosts';
import { PostsPage } from './PostsPage';
import { POSTS_QUERY_DEFAULTS, type PostsFilters } from './postsFilters';

export interface PostsLoaderData {
  fbGroupId: string;
  filters: PostsFilters;
  result: PostsResult;
}

export function PostsRoute() {
  const { fbGroupId, filters, result } = useLoaderData() as PostsLoaderData;
  const navigation = useNavigation();
  const location = useLocation();
  const list = useListQuery({ defaults: POSTS_QUERY_DEFAULTS, textFilter: 'search' });
  const reloading = navigation.state === 'loading' && navigation.location?.pathname === location.pathname;

  return (
    <PostsPage
      fbGroupId={fbGroupId}
      filters={filters}
      searchText={list.typedText}
      result={reloading ? null : result}
      onSearchTextChange={list.typeText}
      onPageChange={list.changePage}
    />
  );
}
