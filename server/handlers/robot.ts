import type { FastifyRequest } from 'fastify';
import { recordGroupAdmins } from '../domain/group-admins-scan';
import { recordUserGroups } from '../domain/user-groups';
import { ApiError, notFound } from '../http/errors';
import { storedImageUrl } from '../http/public-url';
import { callerOf } from './caller';
import { refuseNulCharacters } from './nul-characters';
import { scannedPerson, type NetworkGroupBody, type NetworkPersonBody } from './robot-bodies';
import type { HandlerContext, HandlerGroup } from './types';
import { ownershipView, userGroupView } from './views/ownership';

function groupId(request: FastifyRequest): number {
  return (request.params as { id: number }).id;
}

/** What the robot (the extension, or the sandbox robot in the page) reports as it scans and removes. */
export function robotHandlers({ db, now }: HandlerContext): HandlerGroup {
  return {
    async ingestUserGroups(request) {
      refuseNulCharacters(request.body);
      const { groups } = request.body as { groups: NetworkGroupBody[] };
      const reported = groups.map((group) => ({ ...group, avatar_url: storedImageUrl(request, group.avatar_url) }));
      const stored = await recordUserGroups(db, callerOf(request).userId, reported, now());
      if (!stored) {
        throw new ApiError('bad_request', 'Your account has no social-network id to be a group member by; sign in again', {
          reason: 'no_network_id',
        });
      }
      return { groups: stored.map((group) => userGroupView(request, group)) };
    },

    async ingestGroupOwners(request) {
      refuseNulCharacters(request.body);
      const { admins } = request.body as { admins: NetworkPersonBody[] };
      const ownership = await recordGroupAdmins(
        db,
        callerOf(request).userId,
        groupId(request),
        admins.map((admin) => scannedPerson(request, admin)),
        now(),
      );
      if (!ownership) throw notFound('Group not found! Report it through POST /robot/user_groups first');
      return { permissions: ownershipView(request, ownership) };
    },
  };
}
