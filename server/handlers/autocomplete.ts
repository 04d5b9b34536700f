import { searchUsers } from '../domain/user-search';
import { publicUrl } from '../http/public-url';
import type { HandlerContext, HandlerGroup } from './types';

export function autocompleteHandlers({ db }: HandlerContext): HandlerGroup {
  return {
    async autocompleteUsers(request) {
      const { search, group_id: groupId, ids } = request.query as { search?: string; group_id?: number; ids?: number[] };
      const users = await searchUsers(db, { search: search?.trim() || undefined, groupId, ids });
      return {
        matches: users.map((user) => ({ id: user.id, name: user.name, avatar_url: publicUrl(request, user.avatar_url), description: user.email })),
      };
    },
  };
}
