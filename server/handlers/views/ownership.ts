import type { FastifyRequest } from 'fastify';
import type { Ownership } from '../../domain/group-ownership';
import type { UserGroupState } from '../../domain/user-groups';
import { publicUrl } from '../../http/public-url';

/** The contract's OnboardingPermission: the holders only as the network shows them to a member, by name and picture. */
export function ownershipView(request: FastifyRequest, ownership: Ownership) {
  return {
    role: ownership.role,
    admins: ownership.admins.map((admin) => ({ name: admin.name, avatar_url: publicUrl(request, admin.avatar_url) })),
    is_acquired: ownership.is_acquired,
  };
}

/** The contract's UserGroup. */
export function userGroupView(request: FastifyRequest, group: UserGroupState) {
  return { ...group, avatar_url: publicUrl(request, group.avatar_url) };
}
