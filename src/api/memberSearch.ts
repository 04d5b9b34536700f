import type { ApiClient } from './client';
import type { components } from './schema';

export type MemberMatch = components['schemas']['AutocompleteMatch'];

/** The member typeahead asks only from this many characters and shows this many matches (spec part 1 §5, §9). */
export const MEMBER_SEARCH_MIN_CHARS = 3;
export const MEMBER_SEARCH_MAX_MATCHES = 10;

async function autocomplete(api: ApiClient, query: { search?: string; group_id: number; ids?: number[] }, signal?: AbortSignal) {
  try {
    const { data } = await api.GET('/autocomplete/members', { params: { query }, signal });
    return data?.matches ?? [];
  } catch {
    return [];
  }
}

/** The group's members matching the typed text, at most `limit` of them; nothing until it has 3 characters. */
export async function searchMembers(
  api: ApiClient,
  groupId: number,
  text: string,
  signal?: AbortSignal,
  limit: number = MEMBER_SEARCH_MAX_MATCHES,
): Promise<MemberMatch[]> {
  const search = text.trim();
  if (search.length < MEMBER_SEARCH_MIN_CHARS) return [];
  const matches = await autocomplete(api, { search, group_id: groupId }, signal);
  return matches.slice(0, Math.min(limit, MEMBER_SEARCH_MAX_MATCHES));
}

/** The member the address filters by, to show in the picker; null when it cannot be found. */
export async function findMember(api: ApiClient, groupId: number, memberId: number, signal?: AbortSignal): Promise<MemberMatch | null> {
  const matches = await autocomplete(api, { group_id: groupId, ids: [memberId] }, signal);
  return matches.find((match) => match.id === memberId) ?? null;
}
