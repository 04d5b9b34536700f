import { SUPERVISOR_GROUP_SORT_FIELDS, SUPERVISOR_GROUPS_DEFAULTS, SUPERVISOR_PER_PAGE_OPTIONS } from '../../../../rules/supervisorLists';
import { addressDefaults, addressReader, type ListRequest } from './listFilters';

/** The groups list's filters (part 2 §3): search, page, per_page, no_member, sort_by, sort_direction. */
export const GROUPS_QUERY_DEFAULTS = addressDefaults(SUPERVISOR_GROUPS_DEFAULTS, ['search', 'no_member']);

export type GroupsRequest = ListRequest<'listSupervisorGroups', 'page' | 'per_page' | 'sort_by' | 'sort_direction'>;

/** GET /supervisor/groups's query for an address. */
export function readGroupsRequest(params: URLSearchParams): GroupsRequest {
  const read = addressReader(params, GROUPS_QUERY_DEFAULTS);
  return {
    search: read.text('search'),
    no_member: read.boolean('no_member'),
    page: read.page(),
    per_page: read.perPage(SUPERVISOR_PER_PAGE_OPTIONS),
    sort_by: read.oneOf('sort_by', SUPERVISOR_GROUP_SORT_FIELDS),
    sort_direction: read.direction(),
  };
}
