import { searchGroups } from '../domain/group-search';
import { canReadGroupMembers, searchMembers } from '../domain/member-search';
import { searchUsers } from '../domain/user-search';
import { ApiError } from '../http/errors';
import { publicUrl } from '../http/public-url';
import { callerOf } from './caller';
import type { HandlerContext, HandlerGroup } from './types';

/** The typed text to match, or undefined when blank. */
function searchText(search: string | undefined): string | undefined {
  return search?.trim() || undefined;
}

export function autocompleteHandlers({ db }: HandlerContext): HandlerGroup {
  return {
    async autocompleteUsers(request) {
      const { search, group_id: groupId, ids } = request.query;
      const users = await searchUsers(db, { search: searchText(search), groupId, ids });
      return {
        matches: users.map((user) => ({ id: user.id, name: user.name, avatar_url: publicUrl(request, user.avatar_url), description: user.email })),
      };
    },

    async autocompleteMembers(request) {
      const caller = callerOf(request);
      const { search, group_id: groupId, ids } = request.query;
      if (groupId === undefined && !caller.isSupervisor) {
        throw new ApiError('bad_request', `Missing required field 'group_id' in query`, { field: 'group_id', location: 'query', rule: 'required' });
      }
      const text = searchText(search);
      if (groupId !== undefined && !(await canReadGroupMembers(db, caller, groupId))) throw new ApiError('not_found', 'Group not found!');
      const found = await searchMembers(db, { groupId, search: text, ids });
      return {
        matches: found.map((member) => ({ id: member.id, name: member.name, avatar_url: publicUrl(request, member.avatar_url), description: member.fb_user_id })),
      };
    },

    async autocompleteGroups(request) {
      const { search, group_id: groupId, ids } = request.query;
      const found = await searchGroups(db, callerOf(request), { search: searchText(search), groupId, ids });
      return {
        matches: found.map((group) => ({ id: group.id, name: group.name, avatar_url: publicUrl(request, group.avatar_url), description: group.fb_group_id })),
      };
    },
  };
}
