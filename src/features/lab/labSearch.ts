import { useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../../api/client';
import { MEMBER_SEARCH_MIN_CHARS, searchMembers } from '../../api/memberSearch';
import type { LabTargetKind } from '../../../machines/lab/actors';
import type { LabMatch, LabSuggestions } from './LabView';

const NO_SUGGESTIONS: LabSuggestions = { user: [], group: [], membership: [] };
const WHOLE_NUMBER = /^[1-9][0-9]{0,9}$/;
const MAX_ID = 2147483647;

const ID_WORD: Record<LabTargetKind, string> = { user: 'User', group: 'Group', membership: 'Member' };

/** The record of the id typed, offered first: the lab finds records by id (spec part 2 §7). */
function idMatch(target: LabTargetKind, text: string): LabMatch[] {
  const id = Number(text);
  return WHOLE_NUMBER.test(text) && id <= MAX_ID ? [{ id, name: `${ID_WORD[target]} #${id}`, description: 'by id' }] : [];
}

async function searchOf(api: ApiClient, target: LabTargetKind, text: string, groupId: number | null, signal: AbortSignal): Promise<LabMatch[]> {
  if (text.length < MEMBER_SEARCH_MIN_CHARS) return [];
  try {
    if (target === 'membership') return groupId === null ? [] : await searchMembers(api, groupId, text, signal);
    const { data } =
      target === 'user'
        ? await api.GET('/autocomplete/users', { params: { query: { search: text } }, signal })
        : await api.GET('/autocomplete/groups', { params: { query: { search: text } }, signal });
    return data?.matches ?? [];
  } catch {
    return [];
  }
}

/**
 * The lab's finders' suggestions: users (GET /autocomplete/users), groups (GET /autocomplete/groups)
 * and the members of the group found (GET /autocomplete/members), with the typed id offered first.
 * Each search replaces the one before it for its finder.
 */
export function useLabSearch(api: ApiClient, membershipGroupId: number | null) {
  const [suggestions, setSuggestions] = useState<LabSuggestions>(NO_SUGGESTIONS);
  const running = useRef<Partial<Record<LabTargetKind, AbortController>>>({});
  useEffect(() => () => Object.values(running.current).forEach((controller) => controller.abort()), []);
  const search = (target: LabTargetKind, typed: string) => {
    const text = typed.trim();
    running.current[target]?.abort();
    const controller = new AbortController();
    running.current[target] = controller;
    // One answer per search: AutoComplete shows its list for the first suggestions after a search only.
    void searchOf(api, target, text, membershipGroupId, controller.signal).then((matches) => {
      if (!controller.signal.aborted) setSuggestions((before) => ({ ...before, [target]: [...idMatch(target, text), ...matches] }));
    });
  };
  return { suggestions, search };
}
