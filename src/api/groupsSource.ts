import type { ApiClient } from './client';
import { failureReason } from './failureReason';
import type { components } from './schema';

export type Group = components['schemas']['Group'];

/**
 * The signed-in user's groups (GET /groups), asked once per session token and shared by the routes
 * and the shell: the one source of each group's plan and removal limits on the client.
 */
export interface GroupsSource {
  load(token: string): Promise<Group[]>;
  /**
   * Asks the server again for the groups of the token loaded last: something changed them (a move,
   * a removal, a robot report, an acquired group). Until the answer the last list stays; a failed
   * answer keeps it, and the next load asks again.
   */
  refresh(): void;
}

/** The groups source as the shell watches it: the latest list, and a call for each newer one. */
export interface GroupsStore extends GroupsSource {
  /** The groups of the last answer, or null before the first one. */
  current(): Group[] | null;
  /** Calls the listener whenever a newer list of groups arrives; answers the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export function createGroupsSource(api: ApiClient): GroupsStore {
  let cached: { token: string; groups: Promise<Group[]> } | null = null;
  let latest: Group[] | null = null;
  const listeners = new Set<() => void>();
  const fetchGroups = async () => {
    const { data, error, response } = await api.GET('/groups');
    if (!data) throw new Error(`Your groups could not be loaded. ${failureReason(error, response)}`);
    return data.groups;
  };
  /** Asks for the token's groups; a refresh that fails answers the groups it had instead. */
  const ask = (token: string, fallback: Group[] | null) => {
    const groups = fallback ? fetchGroups().catch(() => fallback) : fetchGroups();
    const entry = { token, groups };
    cached = entry;
    groups.then(
      (answer) => {
        // An older answer arriving after a newer request does not overwrite it.
        if (cached !== entry || answer === latest) return;
        latest = answer;
        listeners.forEach((listener) => listener());
      },
      () => {
        // A failure is not kept: the next page asks again.
        if (cached === entry) cached = null;
      },
    );
    return groups;
  };
  return {
    load(token) {
      if (cached?.token !== token) return ask(token, null);
      return cached.groups;
    },
    refresh() {
      if (cached) void ask(cached.token, latest).catch(() => {});
    },
    current: () => latest,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
