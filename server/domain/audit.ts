import type { AppDb } from '../db/connect';
import type { AuditLogKind } from '../db/enums';
import type { AuditLogData } from '../db/json-types';
import { audit_logs } from '../db/schema';

export interface AuditEntry {
  kind: AuditLogKind;
  userId: number | null;
  groupId?: number | null;
  memberId?: number | null;
  data?: AuditLogData;
  at: Date;
}

/** Writes one audit record; pass the transaction of the change it records. */
export async function recordAudit(db: AppDb, entry: AuditEntry): Promise<void> {
  await db.insert(audit_logs).values({
    kind: entry.kind,
    user_id: entry.userId,
    group_id: entry.groupId ?? null,
    member_id: entry.memberId ?? null,
    data: entry.data ?? {},
    created_at: entry.at,
  });
}
