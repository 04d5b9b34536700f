import type { FastifyRequest } from 'fastify';
import { findGroup, listHeldGroups } from '../domain/held-groups';
import { NO_REMOVALS, removalLimits } from '../domain/removal-limits';
import { readRemovalUsage } from '../domain/removal-usage';
import { notFound } from '../http/errors';
import { callerOf } from './caller';
import type { HandlerContext, HandlerGroup } from './types';
import { groupView } from './views/group';

function groupId(request: FastifyRequest): number {
  return (request.params as { id: number }).id;
}

export function groupsHandlers({ db, now }: HandlerContext): HandlerGroup {
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
      const group = await findGroup(db, groupId(request));
      if (!group) throw notFound('Group not found!');
      const at = now();
      const usage = await readRemovalUsage(db, [group.id], at);
      return { group: groupView(request, group, removalLimits(group.subscribed_plan, usage.get(group.id) ?? NO_REMOVALS, at)) };
    },
  };
}
