import type { MatchReviewQuery } from './actors';

/** Part 2 §9: the payments list opens on all_data, 25 a page (25, 50 or 100), in the server's order. */
export const MATCH_PER_PAGE_OPTIONS = [25, 50, 100] as const;

export const MATCH_REVIEW_DEFAULTS: MatchReviewQuery = { list: 'all_data', page: 1, per_page: 25, member_id: null, sort: null };

/** Any change of the filters shows the first page again (part 2 §4). */
export function firstPageOf(query: MatchReviewQuery): MatchReviewQuery {
  return { ...query, page: 1 };
}
