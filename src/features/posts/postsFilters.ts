import { fromSearchParams, type ListQuery } from '../../../machines/listQuery/query';

/** The posts page's filters (spec part 2 §4 List filters, §9): 30 a page unless the address says otherwise. */
export interface PostsFilters {
  search: string;
  page: number;
  perPage: number;
}

export const POSTS_PER_PAGE_OPTIONS = [30, 60, 90] as const;

/** The filters as the address carries them, each with its default (left out of the address). */
export const POSTS_QUERY_DEFAULTS: ListQuery = { search: '', page: '1', per_page: '30' };

function positiveInt(value: string | undefined): number | null {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : null;
}

/** The filters an address asks for; values the server would refuse fall back to their defaults. */
export function readPostsFilters(params: URLSearchParams): PostsFilters {
  const query = fromSearchParams(params, POSTS_QUERY_DEFAULTS);
  const perPage = positiveInt(query.per_page);
  return {
    search: query.search.trim(),
    page: positiveInt(query.page) ?? 1,
    perPage: perPage !== null && (POSTS_PER_PAGE_OPTIONS as readonly number[]).includes(perPage) ? perPage : Number(POSTS_QUERY_DEFAULTS.per_page),
  };
}

export const DEFAULT_POSTS_FILTERS: PostsFilters = readPostsFilters(new URLSearchParams());
