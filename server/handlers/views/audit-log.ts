import type { FastifyRequest } from 'fastify';
import type { AuditLogKind } from '../../db/enums';
import type { AuditLogData } from '../../db/json-types';
import { memberSummaryView } from './member';

export interface AuditLogRow {
  id: number;
  kind: AuditLogKind;
  member_id: number | null;
  user_id: number | null;
  switched_by_user_id: number | null;
  group_id: number | null;
  created_at: Date;
  data: AuditLogData;
  member: { id: number; name: string; avatar_url: string | null; fb_user_id: string } | null;
}

/** The contract's AuditLog: its data carries only the ip and the diff. */
export function auditLogView(request: FastifyRequest, row: AuditLogRow) {
  return {
    id: row.id,
    kind: row.kind,
    member_id: row.member_id,
    member: row.member ? memberSummaryView(request, row.member) : null,
    user_id: row.user_id,
    switched_by_user_id: row.switched_by_user_id,
    group_id: row.group_id,
    created_at: row.created_at.toISOString(),
    data: {
      ...(typeof row.data.ip === 'string' ? { ip: row.data.ip } : {}),
      ...(row.data.diff ? { diff: row.data.diff } : {}),
    },
  };
}
