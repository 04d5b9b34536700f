import { useEffect, useState } from 'react';
import type { ApiClient } from '../api/client';
import { MEMBER_SEARCH_MAX_MATCHES, searchMembers, type MemberMatch } from '../api/memberSearch';

/** A member picker's suggestions (at most `limit`): each search replaces the one before it, and leaving the page stops the last. */
export function useMemberSearch(api: ApiClient, groupId: number, limit: number = MEMBER_SEARCH_MAX_MATCHES) {
  const [suggestions, setSuggestions] = useState<MemberMatch[]>([]);
  const [running, setRunning] = useState<AbortController | null>(null);
  useEffect(() => () => running?.abort(), [running]);
  const search = (text: string) => {
    const controller = new AbortController();
    setRunning(controller);
    void searchMembers(api, groupId, text, controller.signal, limit).then((matches) => {
      if (!controller.signal.aborted) setSuggestions(matches);
    });
  };
  return { suggestions, search };
}
