import { toSearchParams, type ListQuery } from '../../../machines/listQuery/query';
import { MEMBERS_QUERY_DEFAULTS } from '../../../machines/memberList/query';
import { isMemberListName, MEMBER_LIST_DEFAULTS, type MemberListName } from '../../../rules/memberLists';
import { pathTo } from '../../app/routes';

/** The list a path segment names; no segment is the default list (the loader has sent unknown ones to it). */
export function listFromPath(segment: string | undefined): MemberListName {
  return isMemberListName(segment) ? segment : MEMBER_LIST_DEFAULTS.list;
}

/** Another tab's address: the same search, sort and page size, from its first page; the default list is the bare /members. */
export function listAddress(fbGroupId: string, list: MemberListName, filters: ListQuery): { pathname: string; search: string } {
  const search = toSearchParams({ ...filters, page: '1' }, MEMBERS_QUERY_DEFAULTS).toString();
  return {
    pathname: pathTo('group_members', { fbGroupId, list: list === MEMBER_LIST_DEFAULTS.list ? null : list }),
    search: search ? `?${search}` : '',
  };
}
