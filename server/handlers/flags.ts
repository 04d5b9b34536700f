import type { FastifyRequest } from 'fastify';
import { changeGroupFlags, readGroupFlags, type GroupFlagsPatch } from '../domain/group-flags';
import { changeUserFlags, readUserFlags, type UserFlagsPatch } from '../domain/user-flags';
import { ApiError, notFound } from '../http/errors';
import { callerOf } from './caller';
import type { HandlerContext, HandlerGroup } from './types';

function groupId(request: FastifyRequest): number {
  return (request.params as { id: number }).id;
}

export function flagsHandlers({ db, now }: HandlerContext): HandlerGroup {
  return {
    async getUserFlags(request) {
      return { flags: await readUserFlags(db, callerOf(request).userId) };
    },

    async updateUserFlags(request) {
      const { flags: patch } = request.body as { flags: UserFlagsPatch };
      const change = await changeUserFlags(db, callerOf(request), patch, now());
      if ('refused' in change) {
        throw new ApiError('conflict', 'Only supervisors can change robot_training', { reason: change.refused });
      }
      return { flags: change.flags };
    },

    async getGroupFlags(request) {
      const flags = await readGroupFlags(db, groupId(request));
      if (!flags) throw notFound('Group not found!');
      return { flags };
    },

    async updateGroupFlags(request) {
      const { flags: patch } = request.body as { flags: GroupFlagsPatch };
      const flags = await changeGroupFlags(db, groupId(request), patch, now());
      if (!flags) throw notFound('Group not found!');
      return { flags };
    },
  };
}
