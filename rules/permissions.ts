/** The admin list's role filter (spec part 2 §3, §9): everyone, or only the admins. */
export const PERMISSION_ROLE_FILTERS = ['all', 'admin'] as const;
export type PermissionRoleFilter = (typeof PERMISSION_ROLE_FILTERS)[number];

/** The admin list's page sizes (spec part 2 §9): 25 by default. */
export const PERMISSIONS_PER_PAGE_OPTIONS = [25, 50, 100] as const;

/**
 * How many matches the add-admin typeahead shows (spec part 2 §9), by the row index the new admin
 * will take in the admin list (the number of admins the group has): 23 or higher gives 3, 13 to 22
 * gives 26 minus the index, lower gives 10.
 */
export function addAdminMatchLimit(rowIndex: number): number {
  if (rowIndex >= 23) return 3;
  if (rowIndex >= 13) return 26 - rowIndex;
  return 10;
}
