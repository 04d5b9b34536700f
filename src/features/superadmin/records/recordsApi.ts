import type { ApiClient } from '../../../api/client';
import { failureReason } from '../../../api/failureReason';
import type { components, operations } from '../../../api/schema';
import type { AuditLogRequest } from './auditLogFilters';
import type { GroupsRequest } from './groupsFilters';
import type { MembersRequest } from './membersFilters';
import type { UsersRequest } from './usersFilters';

type Schemas = components['schemas'];
export type Group = Schemas['Group'];
export type Member = Schemas['Member'];
export type User = Schemas['User'];
export type AuditLog = Schemas['AuditLog'];
export type GroupProfile = Schemas['SupervisorGroupProfile'];
export type MemberProfile = Schemas['SupervisorMemberProfile'];
export type UserProfile = Schemas['SupervisorUserProfile'];

/** A call's outcome as the pages show it: what it answered, or why it did not. */
export type Loaded<Data> = { kind: 'loaded'; data: Data } | { kind: 'failed'; reason: string; notFound: boolean };

type Answer<Data> = { data?: Data; error?: unknown; response: Response };

/** Runs a call; a failure is a value the page shows, except a cancelled load (the router's), which stays thrown. */
async function loaded<Data>(call: () => Promise<Answer<Data>>, signal?: AbortSignal): Promise<Loaded<Data>> {
  try {
    const { data, error, response } = await call();
    if (data !== undefined) return { kind: 'loaded', data };
    return { kind: 'failed', reason: failureReason(error, response), notFound: response.status === 404 };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { kind: 'failed', reason: failureReason(error, undefined), notFound: false };
  }
}

export const loadGroups = (api: ApiClient, query: GroupsRequest, signal?: AbortSignal) =>
  loaded(() => api.GET('/supervisor/groups', { params: { query }, signal }), signal);

export const loadMembers = (api: ApiClient, query: MembersRequest, signal?: AbortSignal) =>
  loaded(() => api.GET('/supervisor/members', { params: { query }, signal }), signal);

export const loadUsers = (api: ApiClient, query: UsersRequest, signal?: AbortSignal) =>
  loaded(() => api.GET('/supervisor/users', { params: { query }, signal }), signal);

export const loadAuditLogs = (api: ApiClient, query: AuditLogRequest, signal?: AbortSignal) =>
  loaded(() => api.GET('/supervisor/audit_logs', { params: { query }, signal }), signal);

export const loadGroupProfile = (api: ApiClient, id: number, signal?: AbortSignal) =>
  loaded(() => api.GET('/supervisor/groups/{id}', { params: { path: { id } }, signal }), signal);

export const loadMemberProfile = (api: ApiClient, id: number, signal?: AbortSignal) =>
  loaded(() => api.GET('/supervisor/members/{id}', { params: { path: { id } }, signal }), signal);

export const loadUserProfile = (api: ApiClient, id: number, signal?: AbortSignal) =>
  loaded(() => api.GET('/supervisor/users/{id}', { params: { path: { id } }, signal }), signal);

export type GroupPatch = NonNullable<operations['updateSupervisorGroup']['requestBody']>['content']['application/json'];
export type UserPatch = NonNullable<operations['updateSupervisorUser']['requestBody']>['content']['application/json'];

/** PATCH /supervisor/groups/{id}: the group after the change. */
export const saveGroup = (api: ApiClient, id: number, body: GroupPatch) =>
  loaded(() => api.PATCH('/supervisor/groups/{id}', { params: { path: { id } }, body }));

/** PATCH /supervisor/users/{id}: the user after the change. */
export const saveUser = (api: ApiClient, id: number, body: UserPatch) =>
  loaded(() => api.PATCH('/supervisor/users/{id}', { params: { path: { id } }, body }));
