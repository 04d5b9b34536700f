import { describe, expect, it } from 'vitest';
import {
  DEFAULT_POSTS_FILTERS,
  readPostsFilters,
  withPage,
  withSearch,
  writePostsFilters,
} from '../../../src/features/posts/postsFilters';

describe('posts filters in the address', () => {
  it('reads defaults from an empty query and writes none back', () => {
    const filters = readPostsFilters(new URLSearchParams());
    expect(filters).toEqual({ search: '', page: 1, perPage: 30 });
    expect(writePostsFilters(filters).toString()).toBe('');
  });

  it('round-trips filters that differ from their defaults', () => {
    const filters = readPostsFilters(new URLSearchParams('search=run&page=3&per_page=60'));
    expect(filters).toEqual({ search: 'run', page: 3, perPage: 60 });
    expect(writePostsFilters(filters).toString()).toBe('search=run&page=3&per_page=60');
  });

  it('falls back to defaults for values it cannot use', () => {
    expect(readPostsFilters(new URLSearchParams('page=-2&per_page=45'))).toEqual(DEFAULT_POSTS_FILTERS);
  });

  it('goes back to page 1 on a new search or page size, but not on a new page', () => {
    const onPage3 = { search: '', page: 3, perPage: 30 };
    expect(withSearch(onPage3, ' trail ')).toEqual({ search: 'trail', page: 1, perPage: 30 });
    expect(withPage(onPage3, 4, 30)).toEqual({ search: '', page: 4, perPage: 30 });
    expect(withPage(onPage3, 3, 90)).toEqual({ search: '', page: 1, perPage: 90 });
  });
});
