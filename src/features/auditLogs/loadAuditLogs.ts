import type { ApiClient } from '../../api/client';
import { failureReason } from '../../api/failureReason';
import type { AuditLogFilters } from './auditLogFilters';
import type { AuditLog, AuditLogKind } from '../../ui/auditLogKinds';

export type AuditLogsResult =
  | { kind: 'loaded'; logs: AuditLog[]; count: number; kinds: AuditLogKind[] }
  | { kind: 'failed'; reason: string };

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
