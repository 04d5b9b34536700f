import { fromSearchParams, type ListQuery } from '../../../machines/listQuery/query';
import type { PermissionsQuery } from '../../../machines/permissions/actors';
import { PERMISSION_ROLE_FILTERS, PERMISSIONS_PER_PAGE_OPTIONS, type PermissionRoleFilter } from '../../../rules/permissions';

/** The admin list's filters as the address carries them, each with its default (left out of the address). */
export const PERMISSIONS_QUERY_DEFAULTS: ListQuery = { role: 'all', page: '1', per_page: '25' };

const positiveInt = (value: string) => (/^[1-9][0-9]{0,5}$/.test(value) ? Number(value) : null);

/** The filters an address asks for; values the server would refuse fall back to their defaults. */
export function readPermissionsQuery(params: URLSearchParams): PermissionsQuery {
  const query = fromSearchParams(params, PERMISSIONS_QUERY_DEFAULTS);
  const perPage = positiveInt(query.per_page);
  return {
    role: (PERMISSION_ROLE_FILTERS as readonly string[]).includes(query.role) ? (query.role as PermissionRoleFilter) : 'all',
    page: positiveInt(query.page) ?? 1,
    perPage: perPage !== null && (PERMISSIONS_PER_PAGE_OPTIONS as readonly number[]).includes(perPage) ? perPage : 25,
  };
}
