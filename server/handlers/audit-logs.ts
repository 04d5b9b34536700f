import { readAuditLogPage } from '../domain/group-audit-logs';
import type { HandlerContext, HandlerGroup } from './types';
import { auditLogView } from './views/audit-log';

export function auditLogsHandlers({ db }: HandlerContext): HandlerGroup {
  return {
    async listGroupAuditLogs(request) {
      const { id } = request.params;
      const params = request.query;
      const result = await readAuditLogPage(db, { groupId: id, memberId: params.member_id, kinds: params.kind }, params.page ?? 1, params.per_page ?? 30);
      return {
        audit_logs: result.rows.map((row) => auditLogView(request, row)),
        count: result.count,
        kinds: result.kinds,
      };
    },
  };
}
