import type { FastifyRequest } from 'fastify';
import type { Ownership } from '../../domain/group-ownership';
import type { UserGroupState } from '../../domain/user-groups';
import { publicUrl } from '../../http/public-url';
import { memberSummaryView } from './member';

/** The contract's OnboardingPermission. */
export function ownershipView(request: FastifyRequest, ownership: Ownership) {
  return {
    group_id: ownership.group_id,
    fb_group_id: ownership.fb_group_id,
    role: ownership.role,
    admins: ownership.admins.map((admin) => memberSummaryView(request, admin)),
    is_acquired: ownership.is_acquired,
  };
}

/** The contract's UserGroup. */
export function userGroupView(request: FastifyRequest, group: UserGroupState) {
  return { ...group, avatar_url: publicUrl(request, group.avatar_url) };
}
