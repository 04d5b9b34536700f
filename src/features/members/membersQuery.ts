import type { MemberListName } from '../../../machines/memberList/moves';
import { MEMBERS_QUERY_DEFAULTS } from '../../../machines/memberList/query';
import { toSearchParams, type ListQuery } from '../../../machines/listQuery/query';
import { DEFAULT_MEMBER_LIST, MEMBER_LISTS, pathTo } from '../../app/routes';

/** The list a path segment names; no segment is the default list (the loader has sent unknown ones to it). */
export function listFromPath(segment: string | undefined): MemberListName {
  return (MEMBER_LISTS as readonly string[]).includes(segment ?? '') ? (segment as MemberListName) : DEFAULT_MEMBER_LIST;
}

/** Another tab's address: the same search, sort and page size, from its first page; the default list is the bare /members. */
export function listAddress(fbGroupId: string, list: MemberListName, filters: ListQuery): { pathname: string; search: string } {
  const search = toSearchParams({ ...filters, page: '1' }, MEMBERS_QUERY_DEFAULTS).toString();
  return {
    pathname: pathTo('group_members', { fbGroupId, list: list === DEFAULT_MEMBER_LIST ? null : list }),
    search: search ? `?${search}` : '',
  };
}
