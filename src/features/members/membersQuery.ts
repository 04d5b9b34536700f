import type { MembersQuery } from '../../../machines/memberList/actors';
import type { MemberListName } from '../../../machines/memberList/moves';
import { toSearchParams, type ListQuery } from '../../../machines/listQuery/query';
import { DEFAULT_MEMBER_LIST, MEMBER_LISTS, pathTo } from '../../app/routes';
import { PER_PAGE_OPTIONS } from './memberColumns';

/** The members list's filters as the address holds them (part 2 §9: 25 a page, name ascending); defaults stay out of the URL. */
export const MEMBERS_QUERY_DEFAULTS: ListQuery = { page: '1', per_page: '25', search: '', sort_by: 'name', sort_direction: 'asc' };

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

/** The list a path segment names; no segment is the default list (the loader has sent unknown ones to it). */
export function listFromPath(segment: string | undefined): MemberListName {
  return (MEMBER_LISTS as readonly string[]).includes(segment ?? '') ? (segment as MemberListName) : DEFAULT_MEMBER_LIST;
}

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

/** Another tab's address: the same search, sort and page size, from its first page; the default list is the bare /members. */
export function listAddress(fbGroupId: string, list: MemberListName, filters: ListQuery): { pathname: string; search: string } {
  const search = toSearchParams({ ...filters, page: '1' }, MEMBERS_QUERY_DEFAULTS).toString();
  return {
    pathname: pathTo('group_members', { fbGroupId, list: list === DEFAULT_MEMBER_LIST ? null : list }),
    search: search ? `?${search}` : '',
  };
}
