import { fromSearchParams, type ListQuery } from '../../../machines/listQuery/query';
import { isAuditLogKind, type AuditLogKind } from '../../ui/auditLogKinds';

/** The audit log's filters (spec part 2 §3, §4, §9). */
export interface AuditLogFilters {
  kinds: AuditLogKind[];
  memberId: number | null;
  page: number;
  perPage: number;
}

export const AUDIT_LOG_PER_PAGE_OPTIONS = [25, 30, 50, 100] as const;

/** The filters as the address carries them, each with its default (left out of the address). */
export const AUDIT_LOG_QUERY_DEFAULTS: ListQuery = { kind: '', member_id: '', page: '1', per_page: '30' };

function positiveInt(value: string): number | null {
  const parsed = Number(value);
  return value !== '' && Number.isInteger(parsed) && parsed > 0 ? parsed : null;
}

/** The kinds as the address and the server take them: pipe-delimited. */
export function kindsParam(kinds: AuditLogKind[]): string {
  return kinds.join('|');
}

/** The filters an address asks for; unknown kinds and values the server would refuse are dropped. */
export function readAuditLogFilters(params: URLSearchParams): AuditLogFilters {
  const query = fromSearchParams(params, AUDIT_LOG_QUERY_DEFAULTS);
  const perPage = positiveInt(query.per_page);
  return {
    kinds: [...new Set(query.kind.split('|').filter(isAuditLogKind))],
    memberId: positiveInt(query.member_id),
    page: positiveInt(query.page) ?? 1,
    perPage:
      perPage !== null && (AUDIT_LOG_PER_PAGE_OPTIONS as readonly number[]).includes(perPage) ? perPage : Number(AUDIT_LOG_QUERY_DEFAULTS.per_page),
  };
}

export const DEFAULT_AUDIT_LOG_FILTERS: AuditLogFilters = readAuditLogFilters(new URLSearchParams());
