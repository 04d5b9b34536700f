import type { MembersQuery } from '../../../machines/memberList/actors';
import { toSearchParams, type ListQuery } from '../../../machines/listQuery/query';
import {
  isMemberListName,
  isMemberSortField,
  MEMBER_LIST_DEFAULTS,
  MEMBER_PER_PAGE_OPTIONS,
  type MemberListName,
} from '../../../rules/memberLists';
import { pathTo } from '../../app/routes';

/** The members list's filters as the address holds them; defaults stay out of the URL. */
export const MEMBERS_QUERY_DEFAULTS: ListQuery = {
  page: String(MEMBER_LIST_DEFAULTS.page),
  per_page: String(MEMBER_LIST_DEFAULTS.per_page),
  search: '',
  sort_by: MEMBER_LIST_DEFAULTS.sort_by,
  sort_direction: MEMBER_LIST_DEFAULTS.sort_direction,
};

/** The list a path segment names; no segment is the default list (the loader has sent unknown ones to it). */
export function listFromPath(segment: string | undefined): MemberListName {
  return isMemberListName(segment) ? segment : MEMBER_LIST_DEFAULTS.list;
}

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
  };
}

/** Another tab's address: the same search, sort and page size, from its first page; the default list is the bare /members. */
export function listAddress(fbGroupId: string, list: MemberListName, filters: ListQuery): { pathname: string; search: string } {
  const search = toSearchParams({ ...filters, page: '1' }, MEMBERS_QUERY_DEFAULTS).toString();
  return {
    pathname: pathTo('group_members', { fbGroupId, list: list === MEMBER_LIST_DEFAULTS.list ? null : list }),
    search: search ? `?${search}` : '',
  };
}
