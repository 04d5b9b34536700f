import { SUPERVISOR_AUDIT_LOG_DEFAULTS, SUPERVISOR_AUDIT_LOG_PER_PAGE_OPTIONS, SUPERVISOR_AUDIT_LOG_SORT_FIELDS } from '../../../../rules/supervisorLists';
import { AUDIT_LOG_KINDS } from '../../../ui/auditLogKinds';
import { addressDefaults, addressReader, type ListRequest } from './listFilters';

/** The audit log's filters (part 2 §3): kind (list), member_id, group_id, user_id, from, to, page, per_page, sort_by, sort_direction. */
export const AUDIT_LOG_QUERY_DEFAULTS = addressDefaults(SUPERVISOR_AUDIT_LOG_DEFAULTS, ['kind', 'member_id', 'group_id', 'user_id', 'from', 'to']);

export type AuditLogRequest = ListRequest<'listSupervisorAuditLogs', 'page' | 'per_page' | 'sort_by' | 'sort_direction'>;

/** GET /supervisor/audit_logs's query for an address; a 'to' before 'from' is dropped (the server refuses it). */
export function readAuditLogRequest(params: URLSearchParams): AuditLogRequest {
  const read = addressReader(params, AUDIT_LOG_QUERY_DEFAULTS);
  const from = read.date('from');
  const to = read.date('to');
  return {
    kind: read.pipeList('kind', AUDIT_LOG_KINDS),
    member_id: read.positiveInt('member_id'),
    group_id: read.positiveInt('group_id'),
    user_id: read.positiveInt('user_id'),
    from,
    to: from !== undefined && to !== undefined && to < from ? undefined : to,
    page: read.page(),
    per_page: read.perPage(SUPERVISOR_AUDIT_LOG_PER_PAGE_OPTIONS),
    sort_by: read.oneOf('sort_by', SUPERVISOR_AUDIT_LOG_SORT_FIELDS),
    sort_direction: read.direction(),
  };
}
