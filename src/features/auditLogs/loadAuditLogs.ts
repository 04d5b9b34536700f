import type { ApiClient } from '../../api/client';
import type { components } from '../../api/schema';
import { failureReason } from '../../api/failureReason';
import type { AuditLogFilters } from './auditLogFilters';
import type { AuditLog, AuditLogKind } from './auditLogKinds';

export type MemberMatch = components['schemas']['AutocompleteMatch'];

export type AuditLogsResult =
  | { kind: 'loaded'; logs: AuditLog[]; count: number; kinds: AuditLogKind[] }
  | { kind: 'failed'; reason: string };

/** The member typeahead asks only from this many characters and shows this many matches (spec part 1 §5, §9). */
export const MEMBER_SEARCH_MIN_CHARS = 3;
export const MEMBER_SEARCH_MAX_MATCHES = 10;

/** GET /groups/{id}/audit_logs; a failure is a value the page shows. */
export async function loadAuditLogs(api: ApiClient, groupId: number, filters: AuditLogFilters, signal: AbortSignal): Promise<AuditLogsResult> {
  try {
    const { data, error, response } = await api.GET('/groups/{id}/audit_logs', {
      params: {
        path: { id: groupId },
        query: {
          page: filters.page,
          per_page: filters.perPage,
          ...(filters.memberId !== null ? { member_id: filters.memberId } : {}),
          ...(filters.kinds.length > 0 ? { kind: filters.kinds } : {}),
        },
      },
      signal,
    });
    if (!data) return { kind: 'failed', reason: failureReason(error, response) };
    return { kind: 'loaded', logs: data.audit_logs, count: data.count, kinds: data.kinds };
  } catch (error) {
    if (signal.aborted) throw error;
    return { kind: 'failed', reason: failureReason(error, undefined) };
  }
}

async function autocomplete(api: ApiClient, query: { search?: string; group_id: number; ids?: number[] }, signal?: AbortSignal) {
  try {
    const { data } = await api.GET('/autocomplete/members', { params: { query }, signal });
    return data?.matches ?? [];
  } catch {
    return [];
  }
}

/** The group's members matching the typed text; nothing until it has 3 characters. */
export async function searchMembers(api: ApiClient, groupId: number, text: string, signal?: AbortSignal): Promise<MemberMatch[]> {
  const search = text.trim();
  if (search.length < MEMBER_SEARCH_MIN_CHARS) return [];
  const matches = await autocomplete(api, { search, group_id: groupId }, signal);
  return matches.slice(0, MEMBER_SEARCH_MAX_MATCHES);
}

/** The member the address filters by, to show in the picker; null when it cannot be found. */
export async function findMember(api: ApiClient, groupId: number, memberId: number, signal?: AbortSignal): Promise<MemberMatch | null> {
  const matches = await autocomplete(api, { group_id: groupId, ids: [memberId] }, signal);
  return matches.find((match) => match.id === memberId) ?? null;
}
