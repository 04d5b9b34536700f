import type { ListQuery } from '../listQuery/query';
import { isMemberSortField, MEMBER_LIST_DEFAULTS, MEMBER_PER_PAGE_OPTIONS, type MemberListName } from '../../rules/memberLists';
import type { MembersQuery } from './actors';

/** The members list's filters as the address holds them; defaults stay out of the URL. */
export const MEMBERS_QUERY_DEFAULTS: ListQuery = {
  page: String(MEMBER_LIST_DEFAULTS.page),
  per_page: String(MEMBER_LIST_DEFAULTS.per_page),
  search: '',
  sort_by: MEMBER_LIST_DEFAULTS.sort_by,
  sort_direction: MEMBER_LIST_DEFAULTS.sort_direction,
  /** Everyone unless a saved view asks for paying ('true') or not paying ('false') members. */
  paying: '',
};

/** The query the member list asks the server for: the path's list and the address's filters, anything unknown replaced by its default. */
export function membersQueryOf(list: MemberListName, filters: ListQuery): MembersQuery {
  const page = Number(filters.page);
  const perPage = Number(filters.per_page);
  return {
    list,
    page: Number.isInteger(page) && page >= 1 ? page : MEMBER_LIST_DEFAULTS.page,
    per_page: (MEMBER_PER_PAGE_OPTIONS as readonly number[]).includes(perPage) ? perPage : MEMBER_LIST_DEFAULTS.per_page,
    search: (filters.search ?? '').trim(),
    sort_by: isMemberSortField(filters.sort_by) ? filters.sort_by : MEMBER_LIST_DEFAULTS.sort_by,
    sort_direction: filters.sort_direction === 'desc' ? 'desc' : 'asc',
    ...(filters.paying === 'true' || filters.paying === 'false' ? { paying: filters.paying === 'true' } : {}),
  };
}

/** Two queries ask the server for the same page. */
export function sameMembersQuery(a: MembersQuery, b: MembersQuery): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as Array<keyof MembersQuery>);
  return [...keys].every((key) => a[key] === b[key]);
}
