import { everyValueOf, type QueryOf } from './contract';

/**
 * The supervisor area's lists (part 2 §3, §9): what each shows when the address or the request
 * leaves a filter out. The app leaves these out of the address; the server applies them to a
 * request without them.
 */

/** Part 2 §9: 25 a page, offered 25, 50 and 100. */
export const SUPERVISOR_PER_PAGE_OPTIONS = [25, 50, 100] as const;

/** Part 2 §9: the audit log shows 30 a page by default, with the same choices (30 among them, so the default can be shown). */
export const SUPERVISOR_AUDIT_LOG_PER_PAGE_OPTIONS = [25, 30, 50, 100] as const;

/** Groups: name ascending. */
export const SUPERVISOR_GROUPS_DEFAULTS = {
  page: 1,
  per_page: 25,
  sort_by: 'name',
  sort_direction: 'asc',
} as const satisfies Partial<QueryOf<'listSupervisorGroups'>>;

/** Members: every list, any role, name ascending. */
export const SUPERVISOR_MEMBERS_DEFAULTS = {
  page: 1,
  per_page: 25,
  role: 'any',
  list: 'all_members',
  sort_by: 'name',
  sort_direction: 'asc',
} as const satisfies Partial<QueryOf<'listSupervisorMembers'>>;

/** Users: any kind of user, name ascending. */
export const SUPERVISOR_USERS_DEFAULTS = {
  page: 1,
  per_page: 25,
  role: 'any',
  sort_by: 'name',
  sort_direction: 'asc',
} as const satisfies Partial<QueryOf<'listSupervisorUsers'>>;

/** The audit log: newest first, 30 a page. */
export const SUPERVISOR_AUDIT_LOG_DEFAULTS = {
  page: 1,
  per_page: 30,
  sort_by: 'created_at',
  sort_direction: 'desc',
} as const satisfies Partial<QueryOf<'listSupervisorAuditLogs'>>;

export type SupervisorGroupSortField = QueryOf<'listSupervisorGroups'>['sort_by'];
export type SupervisorMemberSortField = QueryOf<'listSupervisorMembers'>['sort_by'];
export type SupervisorUserSortField = QueryOf<'listSupervisorUsers'>['sort_by'];
export type SupervisorAuditLogSortField = QueryOf<'listSupervisorAuditLogs'>['sort_by'];
export type SupervisorMemberRole = QueryOf<'listSupervisorMembers'>['role'];
export type SupervisorMemberList = QueryOf<'listSupervisorMembers'>['list'];
export type SupervisorUserRole = QueryOf<'listSupervisorUsers'>['role'];

export const SUPERVISOR_GROUP_SORT_FIELDS = everyValueOf<SupervisorGroupSortField>()([
  'name',
  'fb_group_id',
  'subscribed_plan',
  'subscription_ends_at',
  'created_at',
  'updated_at',
]);
export const SUPERVISOR_MEMBER_SORT_FIELDS = everyValueOf<SupervisorMemberSortField>()([
  'name',
  'posts_count',
  'reactions_count',
  'comments_count',
  'last_activity_at',
  'created_at',
]);
export const SUPERVISOR_USER_SORT_FIELDS = everyValueOf<SupervisorUserSortField>()(['name', 'email', 'created_at', 'updated_at']);
export const SUPERVISOR_AUDIT_LOG_SORT_FIELDS = everyValueOf<SupervisorAuditLogSortField>()(['created_at', 'kind']);

/** Part 2 §9: the role filter on members is subscriber, admin or any. */
export const SUPERVISOR_MEMBER_ROLES = everyValueOf<SupervisorMemberRole>()(['any', 'subscriber', 'admin']);
export const SUPERVISOR_MEMBER_LISTS = everyValueOf<SupervisorMemberList>()(['all_members', 'active', 'inactive', 'whitelisted', 'removed']);
export const SUPERVISOR_USER_ROLES = everyValueOf<SupervisorUserRole>()(['any', 'regular', 'supervisor', 'banned']);
