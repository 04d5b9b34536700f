import { readAuditLogPage } from '../domain/group-audit-logs';
import type { HandlerContext, HandlerGroup } from './types';
import { memberSummaryView } from './views/member';

export function auditLogsHandlers({ db }: HandlerContext): HandlerGroup {
  return {
    async listGroupAuditLogs(request) {
      const { id } = request.params;
      const params = request.query;
      const result = await readAuditLogPage(db, { groupId: id, memberId: params.member_id, kinds: params.kind }, params.page ?? 1, params.per_page ?? 30);
      return {
        audit_logs: result.rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          member_id: row.member_id,
          member: row.member ? memberSummaryView(request, row.member) : null,
          user_id: row.user_id,
          group_id: row.group_id,
          created_at: row.created_at.toISOString(),
          // The contract's data carries only the ip and the diff.
          data: {
            ...(typeof row.data.ip === 'string' ? { ip: row.data.ip } : {}),
            ...(row.data.diff ? { diff: row.data.diff } : {}),
          },
        })),
        count: result.count,
        kinds: result.kinds,
      };
    },
  };
}
