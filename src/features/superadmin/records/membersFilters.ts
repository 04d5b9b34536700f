import {
  SUPERVISOR_MEMBER_LISTS,
  SUPERVISOR_MEMBER_ROLES,
  SUPERVISOR_MEMBER_SORT_FIELDS,
  SUPERVISOR_MEMBERS_DEFAULTS,
  SUPERVISOR_PER_PAGE_OPTIONS,
} from '../../../../rules/supervisorLists';
import { addressDefaults, addressReader, type ListRequest } from './listFilters';

/** The members list's filters (part 2 §3): search, page, per_page, group_id, role, has_user, list, sort_by, sort_direction. */
export const MEMBERS_QUERY_DEFAULTS = addressDefaults(SUPERVISOR_MEMBERS_DEFAULTS, ['search', 'group_id', 'has_user']);

export type MembersRequest = ListRequest<'listSupervisorMembers', 'page' | 'per_page' | 'role' | 'list' | 'sort_by' | 'sort_direction'>;

/** GET /supervisor/members's query for an address. */
export function readMembersRequest(params: URLSearchParams): MembersRequest {
  const read = addressReader(params, MEMBERS_QUERY_DEFAULTS);
  return {
    search: read.text('search'),
    group_id: read.positiveInt('group_id'),
    role: read.oneOf('role', SUPERVISOR_MEMBER_ROLES),
    has_user: read.boolean('has_user'),
    list: read.oneOf('list', SUPERVISOR_MEMBER_LISTS),
    page: read.page(),
    per_page: read.perPage(SUPERVISOR_PER_PAGE_OPTIONS),
    sort_by: read.oneOf('sort_by', SUPERVISOR_MEMBER_SORT_FIELDS),
    sort_direction: read.direction(),
  };
}
