/** The posts page's filters as the address carries them (spec part 2 §4 List filters, §9). */
export interface PostsFilters {
  search: string;
  page: number;
  perPage: number;
}

export const POSTS_PER_PAGE_OPTIONS = [30, 60, 90] as const;
export const DEFAULT_POSTS_FILTERS: PostsFilters = { search: '', page: 1, perPage: 30 };

function positiveInt(value: string | null, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

export function readPostsFilters(params: URLSearchParams): PostsFilters {
  const perPage = positiveInt(params.get('per_page'), DEFAULT_POSTS_FILTERS.perPage);
  return {
    search: params.get('search')?.trim() ?? '',
    page: positiveInt(params.get('page'), 1),
    perPage: (POSTS_PER_PAGE_OPTIONS as readonly number[]).includes(perPage) ? perPage : DEFAULT_POSTS_FILTERS.perPage,
  };
}

/** The address's query: filters equal to their default are left out. */
export function writePostsFilters({ search, page, perPage }: PostsFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (page !== DEFAULT_POSTS_FILTERS.page) params.set('page', String(page));
  if (perPage !== DEFAULT_POSTS_FILTERS.perPage) params.set('per_page', String(perPage));
  return params;
}

/** A new search goes back to the first page. */
export function withSearch(filters: PostsFilters, search: string): PostsFilters {
  return { ...filters, search: search.trim(), page: 1 };
}

/** A new page size goes back to the first page; a new page keeps the size. */
export function withPage(filters: PostsFilters, page: number, perPage: number): PostsFilters {
  return perPage === filters.perPage ? { ...filters, page } : { ...filters, page: 1, perPage };
}
