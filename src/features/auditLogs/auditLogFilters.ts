import { isAuditLogKind, type AuditLogKind } from './auditLogKinds';

/** The audit log's filters as the address carries them (spec part 2 §3, §4, §9). */
export interface AuditLogFilters {
  kinds: AuditLogKind[];
  memberId: number | null;
  page: number;
  perPage: number;
}

export const AUDIT_LOG_PER_PAGE_OPTIONS = [25, 30, 50, 100] as const;
export const DEFAULT_AUDIT_LOG_FILTERS: AuditLogFilters = { kinds: [], memberId: null, page: 1, perPage: 30 };

function positiveInt(value: string | null): number | null {
  const parsed = Number(value);
  return value !== null && Number.isInteger(parsed) && parsed > 0 ? parsed : null;
}

export function readAuditLogFilters(params: URLSearchParams): AuditLogFilters {
  const perPage = positiveInt(params.get('per_page'));
  const kinds = (params.get('kind') ?? '').split('|').filter(isAuditLogKind);
  return {
    kinds: [...new Set(kinds)],
    memberId: positiveInt(params.get('member_id')),
    page: positiveInt(params.get('page')) ?? 1,
    perPage:
      perPage !== null && (AUDIT_LOG_PER_PAGE_OPTIONS as readonly number[]).includes(perPage)
        ? perPage
        : DEFAULT_AUDIT_LOG_FILTERS.perPage,
  };
}

/** The address's query, defaults left out; kinds are pipe-delimited as the server takes them. */
export function writeAuditLogFilters({ kinds, memberId, page, perPage }: AuditLogFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (kinds.length > 0) params.set('kind', kinds.join('|'));
  if (memberId !== null) params.set('member_id', String(memberId));
  if (page !== 1) params.set('page', String(page));
  if (perPage !== DEFAULT_AUDIT_LOG_FILTERS.perPage) params.set('per_page', String(perPage));
  return params;
}

/** Any filter change goes back to the first page. */
export function withKinds(filters: AuditLogFilters, kinds: AuditLogKind[]): AuditLogFilters {
  return { ...filters, kinds, page: 1 };
}

export function withMember(filters: AuditLogFilters, memberId: number | null): AuditLogFilters {
  return { ...filters, memberId, page: 1 };
}

export function withAuditPage(filters: AuditLogFilters, page: number, perPage: number): AuditLogFilters {
  return perPage === filters.perPage ? { ...filters, page } : { ...filters, page: 1, perPage };
}
