import { canReadGroupMembers, lookupGroupMembers } from '../domain/member-search';
import { ApiError } from '../http/errors';
import { callerOf } from './caller';
import type { HandlerContext, HandlerGroup } from './types';
import { memberSummaryView } from './views/member';

export function memberLookupHandlers({ db }: HandlerContext): HandlerGroup {
  return {
    async lookupMembers(request) {
      const { group_id: groupId, ids } = request.query;
      if (!(await canReadGroupMembers(db, callerOf(request), groupId))) throw new ApiError('not_found', 'Group not found!');
      const found = await lookupGroupMembers(db, groupId, [...new Set(ids ?? [])]);
      return { members: found.map((member) => memberSummaryView(request, member)) };
    },
  };
}
