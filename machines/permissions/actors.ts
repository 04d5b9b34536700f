import type { ApiClient } from '../../src/api/client';
import { failureReason } from '../../src/api/failureReason';
import type { components } from '../../src/api/schema';
import type { PermissionRoleFilter } from '../../rules/permissions';
import { answerOf } from '../shared/stepFailure';
import { fromStoppablePromise } from '../stoppablePromise';

export type Membership = components['schemas']['Membership'];
export type MembershipRole = Membership['role'];

/** The admin list's filters as the address carries them (spec part 2 §3). */
export interface PermissionsQuery {
  role: PermissionRoleFilter;
  page: number;
  perPage: number;
}

export interface PermissionsCallInput {
  api: ApiClient;
  groupId: number;
}

/** A page of the admin list, its count, and how many admins the group has (the add-admin row index). */
export type PermissionsAnswer = { kind: 'loaded'; memberships: Membership[]; count: number; adminCount: number } | { kind: 'failed'; message: string };
/** PUT /groups/{id}/permissions: the membership after the change, or the server's reason. */
export type SetPermissionAnswer = { kind: 'changed'; membership: Membership } | { kind: 'failed'; message: string };

const failedWith = (error: unknown, response: Response | undefined) => ({ kind: 'failed' as const, message: failureReason(error, response) });

/** GET /groups/{id}/permissions for the page asked, beside the admins' count. */
export const loadPermissions = fromStoppablePromise<PermissionsAnswer, PermissionsCallInput & { query: PermissionsQuery }>(async ({ input, signal }) => {
  const path = { id: input.groupId };
  const { role, page, perPage } = input.query;
  const [list, admins] = await Promise.all([
    answerOf(() => input.api.GET('/groups/{id}/permissions', { params: { path, query: { role, page, per_page: perPage } }, signal })),
    answerOf(() => input.api.GET('/groups/{id}/permissions', { params: { path, query: { role: 'admin', page: 1, per_page: 1 } }, signal })),
  ]);
  if (!list.data) return failedWith(list.error, list.response);
  if (!admins.data) return failedWith(admins.error, admins.response);
  return { kind: 'loaded', memberships: list.data.permissions, count: list.data.count, adminCount: admins.data.count };
});

export const setPermission = fromStoppablePromise<SetPermissionAnswer, PermissionsCallInput & { memberId: number; role: MembershipRole }>(
  async ({ input, signal }) => {
    const { data, error, response } = await answerOf(() =>
      input.api.PUT('/groups/{id}/permissions', { params: { path: { id: input.groupId } }, body: { member_id: input.memberId, role: input.role }, signal }),
    );
    if (data) return { kind: 'changed', membership: data.membership };
    return failedWith(error, response);
  },
);
