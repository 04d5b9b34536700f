import { changeGroupFlags, readGroupFlags } from '../domain/group-flags';
import { changeUserFlags, readUserFlags } from '../domain/user-flags';
import { ApiError, notFound } from '../http/errors';
import { callerOf } from './caller';
import type { HandlerContext, HandlerGroup } from './types';

export function flagsHandlers({ db, now }: HandlerContext): HandlerGroup {
  return {
    async getUserFlags(request) {
      return { flags: await readUserFlags(db, callerOf(request).userId) };
    },

    async updateUserFlags(request) {
      const { flags: patch } = request.body;
      const change = await changeUserFlags(db, callerOf(request), patch, now());
      if ('refused' in change) {
        throw new ApiError('conflict', 'Only supervisors can change robot_training', { reason: change.refused });
      }
      return { flags: change.flags };
    },

    async getGroupFlags(request) {
      const flags = await readGroupFlags(db, request.params.id);
      if (!flags) throw notFound('Group not found!');
      return { flags };
    },

    async updateGroupFlags(request) {
      const { flags: patch } = request.body;
      const flags = await changeGroupFlags(db, request.params.id, patch, now());
      if (!flags) throw notFound('Group not found!');
      return { flags };
    },
  };
}
