import type { FastifyRequest } from 'fastify';
import { readPermissionsPage, setGroupPermission, type PermissionRow } from '../domain/group-permissions';
import { ApiError, notFound } from '../http/errors';
import { callerOf } from './caller';
import type { HandlerContext, HandlerGroup } from './types';
import { memberSummaryView } from './views/member';

function membershipView(request: FastifyRequest, row: PermissionRow) {
  return { role: row.role, is_group_holder: row.is_group_holder, member_id: row.member_id, group_id: row.group_id, member: memberSummaryView(request, row.member) };
}

export function permissionsHandlers({ db, now }: HandlerContext): HandlerGroup {
  return {
    async listGroupPermissions(request) {
      const { role = 'all', page = 1, per_page: perPage = 25 } = request.query;
      const result = await readPermissionsPage(db, { groupId: request.params.id, role }, page, perPage);
      return { permissions: result.rows.map((row) => membershipView(request, row)), count: result.count };
    },

    async setGroupPermission(request) {
      const outcome = await setGroupPermission(db, {
        groupId: request.params.id,
        memberId: request.body.member_id,
        role: request.body.role,
        userId: callerOf(request).userId,
        ip: request.ip,
        at: now(),
      });
      if ('membership' in outcome) return { membership: membershipView(request, outcome.membership) };
      switch (outcome.refused) {
        case 'not_member':
          throw notFound('Member not found in this group');
        case 'self':
          throw new ApiError('conflict', 'You cannot revoke your own admin permission', { reason: 'self' });
        case 'holder':
          throw new ApiError('conflict', "The group's holder stays admin", { reason: 'holder' });
        case 'free_plan':
          throw new ApiError('conflict', 'Not available on Free plan', { reason: 'free_plan' });
        case 'locked':
          throw new ApiError('conflict', 'Account is locked', { reason: 'locked' });
      }
    },
  };
}
