import { describe, expect, it } from 'vitest';
import { toSearchParams } from '../../../machines/listQuery/query';
import { DEFAULT_POSTS_FILTERS, POSTS_QUERY_DEFAULTS, readPostsFilters } from '../../../src/features/posts/postsFilters';

describe('posts filters in the address', () => {
  it('reads 30 a page from an empty address, and the defaults write nothing back', () => {
    expect(readPostsFilters(new URLSearchParams())).toEqual({ search: '', page: 1, perPage: 30 });
    expect(toSearchParams(POSTS_QUERY_DEFAULTS, POSTS_QUERY_DEFAULTS).toString()).toBe('');
  });

  it('reads the search (trimmed), the page and a page size it offers', () => {
    expect(readPostsFilters(new URLSearchParams('search=%20run%20&page=3&per_page=60'))).toEqual({ search: 'run', page: 3, perPage: 60 });
  });

  it('falls back to defaults for values it cannot use', () => {
    expect(readPostsFilters(new URLSearchParams('page=-2&per_page=45'))).toEqual(DEFAULT_POSTS_FILTERS);
    expect(readPostsFilters(new URLSearchParams('page=1.5&per_page=abc'))).toEqual(DEFAULT_POSTS_FILTERS);
  });
});
