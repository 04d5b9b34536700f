import type { ListQuery } from '../listQuery/query';
import type { MembersQuery } from './actors';
import type { MemberListName } from './moves';

/** The members list's filters as the address holds them (part 2 §9: 25 a page, name ascending); defaults stay out of the URL. */
export const MEMBERS_QUERY_DEFAULTS: ListQuery = { page: '1', per_page: '25', search: '', sort_by: 'name', sort_direction: 'asc' };

/** Part 2 §9: members list per-page options (default 25). */
export const PER_PAGE_OPTIONS = [25, 50, 100] as const;

const SORT_FIELDS: readonly MembersQuery['sort_by'][] = [
  'name',
  'posts_count',
  'reactions_count',
  'comments_count',
  'last_activity_at',
  'created_at',
  'paid',
  'subscription_status',
];

/** The query the member list asks the server for: the path's list and the address's filters, anything unknown replaced by its default. */
export function membersQueryOf(list: MemberListName, filters: ListQuery): MembersQuery {
  const page = Number(filters.page);
  const perPage = Number(filters.per_page);
  const sortBy = SORT_FIELDS.find((field) => field === filters.sort_by);
  return {
    list,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    per_page: (PER_PAGE_OPTIONS as readonly number[]).includes(perPage) ? perPage : Number(MEMBERS_QUERY_DEFAULTS.per_page),
    search: (filters.search ?? '').trim(),
    sort_by: sortBy ?? 'name',
    sort_direction: filters.sort_direction === 'desc' ? 'desc' : 'asc',
  };
}

/** Two queries ask the server for the same page. */
export function sameMembersQuery(a: MembersQuery, b: MembersQuery): boolean {
  return (Object.keys(a) as Array<keyof MembersQuery>).every((key) => a[key] === b[key]);
}
