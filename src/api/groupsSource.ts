import type { ApiClient } from './client';
import { failureReason } from './failureReason';
import type { components } from './schema';

export type Group = components['schemas']['Group'];

/** The signed-in user's groups (GET /groups), asked once per session token and shared by the routes. */
export interface GroupsSource {
  load(token: string): Promise<Group[]>;
  /** Forgets the groups asked for, so the next load asks again: the user's groups changed (a group was acquired). */
  refresh(): void;
}

export function createGroupsSource(api: ApiClient): GroupsSource {
  let cached: { token: string; groups: Promise<Group[]> } | null = null;
  const fetchGroups = async () => {
    const { data, error, response } = await api.GET('/groups');
    if (!data) throw new Error(`Your groups could not be loaded. ${failureReason(error, response)}`);
    return data.groups;
  };
  return {
    load(token) {
      if (cached?.token !== token) {
        const groups = fetchGroups();
        cached = { token, groups };
        // A failure is not kept: the next page asks again.
        groups.catch(() => {
          if (cached?.groups === groups) cached = null;
        });
      }
      return cached.groups;
    },
    refresh() {
      cached = null;
    },
  };
}
