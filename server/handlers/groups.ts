import type { FastifyRequest } from 'fastify';
import { acquireGroup } from '../domain/acquire-group';
import { readOwnershipAsMember } from '../domain/group-ownership';
import { findGroup, listHeldGroups, type GroupRow } from '../domain/held-groups';
import { NO_REMOVALS, removalLimits } from '../domain/removal-limits';
import { readRemovalUsage } from '../domain/removal-usage';
import { ApiError, notFound } from '../http/errors';
import { callerOf } from './caller';
import type { HandlerContext, HandlerGroup } from './types';
import { groupView } from './views/group';
import { ownershipView } from './views/ownership';

export function groupsHandlers({ db, now }: HandlerContext): HandlerGroup {
  /** The group as its admin's own calls answer it, with its removal limits. */
  async function ownGroupView(request: FastifyRequest, group: GroupRow) {
    const at = now();
    const usage = await readRemovalUsage(db, [group.id], at);
    return groupView(request, group, removalLimits(group.subscribed_plan, usage.get(group.id) ?? NO_REMOVALS, at));
  }

  return {
    async listGroups(request) {
      const held = await listHeldGroups(db, callerOf(request).userId);
      const at = now();
      const usage = await readRemovalUsage(db, held.map((group) => group.id), at);
      return {
        groups: held.map((group) => groupView(request, group, removalLimits(group.subscribed_plan, usage.get(group.id) ?? NO_REMOVALS, at))),
      };
    },

    async getGroup(request) {
      const group = await findGroup(db, request.params.id);
      if (!group) throw notFound('Group not found!');
      return { group: await ownGroupView(request, group) };
    },

    async getGroupOwners(request) {
      const { fb_group_id: fbGroupId } = request.query;
      const ownership = await readOwnershipAsMember(db, callerOf(request).userId, fbGroupId);
      if (!ownership) throw notFound('Group not found!');
      return { permissions: ownershipView(request, ownership) };
    },

    async acquireGroup(request) {
      const { id } = request.body;
      const outcome = await acquireGroup(db, callerOf(request).userId, id, request.ip, now());
      if ('acquired' in outcome) return { group: await ownGroupView(request, outcome.acquired) };
      switch (outcome.refused) {
        case 'not_found':
          throw notFound('Group not found!');
        case 'already_acquired':
          throw new ApiError('conflict', 'Another admin already holds this group; ask them for permission', { reason: 'already_acquired' });
        case 'not_admin':
          throw new ApiError('conflict', 'You must be an admin of this group to connect it', { reason: 'not_admin', role: outcome.role });
      }
    },
  };
}
