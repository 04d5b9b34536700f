import { useEffect, useState } from 'react';
import type { ApiClient } from '../../../api/client';
import { MEMBER_SEARCH_MAX_MATCHES, MEMBER_SEARCH_MIN_CHARS, type MemberMatch } from '../../../api/memberSearch';

/** What a supervisor's filter picks: a member, a group or a user, anywhere in the system. */
export type RecordKind = 'members' | 'groups' | 'users';
export type RecordMatch = MemberMatch;

type AutocompleteQuery = { search?: string; ids?: number[] };

function autocomplete(api: ApiClient, kind: RecordKind, query: AutocompleteQuery, signal?: AbortSignal) {
  const options = { params: { query }, signal };
  if (kind === 'members') return api.GET('/autocomplete/members', options);
  if (kind === 'groups') return api.GET('/autocomplete/groups', options);
  return api.GET('/autocomplete/users', options);
}

async function matches(api: ApiClient, kind: RecordKind, query: AutocompleteQuery, signal?: AbortSignal): Promise<RecordMatch[]> {
  try {
    const { data } = await autocomplete(api, kind, query, signal);
    return data?.matches ?? [];
  } catch {
    return [];
  }
}

/** At most 10 matches of the typed text (part 2 §9), from 3 characters on; a supervisor's search spans every group. */
export async function searchRecords(api: ApiClient, kind: RecordKind, text: string, signal?: AbortSignal): Promise<RecordMatch[]> {
  const search = text.trim();
  if (search.length < MEMBER_SEARCH_MIN_CHARS) return [];
  return (await matches(api, kind, { search }, signal)).slice(0, MEMBER_SEARCH_MAX_MATCHES);
}

/** The record an address filters by, as its picker shows it; named by its id when it cannot be found. */
export async function findRecord(api: ApiClient, kind: RecordKind, id: number, signal?: AbortSignal): Promise<RecordMatch> {
  const found = (await matches(api, kind, { ids: [id] }, signal)).find((match) => match.id === id);
  return found ?? { id, name: `${RECORD_NOUN[kind]} #${id}`, avatar_url: null, description: null };
}

/** Records by id, as many as one request resolves (the page's rows name at most 100); those not found are left out. */
export async function findRecords(api: ApiClient, kind: RecordKind, ids: number[], signal?: AbortSignal): Promise<RecordMatch[]> {
  return ids.length === 0 ? [] : matches(api, kind, { ids: ids.slice(0, 100) }, signal);
}

const RECORD_NOUN: Record<RecordKind, string> = { members: 'Member', groups: 'Group', users: 'User' };

/** The picked record the address names, if any (resolved by the loader so the picker shows a name). */
export async function findRecordFor(api: ApiClient, kind: RecordKind, id: number | undefined, signal?: AbortSignal): Promise<RecordMatch | null> {
  return id === undefined ? null : findRecord(api, kind, id, signal);
}

/** A picker's suggestions: each search replaces the one before it, and leaving the page stops the last. */
export function useRecordSearch(api: ApiClient, kind: RecordKind) {
  const [suggestions, setSuggestions] = useState<RecordMatch[]>([]);
  const [running, setRunning] = useState<AbortController | null>(null);
  useEffect(() => () => running?.abort(), [running]);
  const search = (text: string) => {
    const controller = new AbortController();
    setRunning(controller);
    void searchRecords(api, kind, text, controller.signal).then((found) => {
      if (!controller.signal.aborted) setSuggestions(found);
    });
  };
  return { suggestions, search };
}

/** What a record filter's picker (MemberPicker) is given. */
export interface RecordPicker {
  selected: RecordMatch | null;
  suggestions: RecordMatch[];
  onSearch(text: string): void;
  onChange(record: RecordMatch | null): void;
}

/**
 * A record filter's picker: its suggestions, and the record it shows, the one just picked or the one
 * the loader found for the address (only while the filter names it).
 */
export function useRecordPicker(api: ApiClient, kind: RecordKind, filtered: { id: number | undefined; loaded: RecordMatch | null }, setFilter: (value: string) => void): RecordPicker {
  const { suggestions, search } = useRecordSearch(api, kind);
  const [picked, setPicked] = useState<RecordMatch | null>(null);
  const selected = [picked, filtered.loaded].find((candidate) => candidate !== null && candidate.id === filtered.id) ?? null;
  return {
    selected,
    suggestions,
    onSearch: search,
    onChange: (record: RecordMatch | null) => {
      setPicked(record);
      setFilter(record ? String(record.id) : '');
    },
  };
}
