import { AsyncLocalStorage } from 'node:async_hooks';
import type { AppDb } from '../db/connect';
import { insertInBatches } from '../db/insert-in-batches';
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

/** The supervisor behind the switched session whose request is running, if it is one. */
const switchedBy = new AsyncLocalStorage<number | null>();

/**
 * Runs a request's work so that every audit record it writes names the supervisor who switched
 * into the signed-in user (null for an ordinary session): who acted is always on record.
 */
export function auditingSwitchedSession<T>(supervisorUserId: number | null, work: () => T): T {
  return switchedBy.run(supervisorUserId, work);
}

/** The row of an entry, naming the supervisor behind a switched session unless the entry is about the supervisor themself (the way back from a switch). */
function auditRow(entry: AuditEntry) {
  const supervisorUserId = switchedBy.getStore() ?? null;
  return {
    kind: entry.kind,
    user_id: entry.userId,
    switched_by_user_id: supervisorUserId === entry.userId ? null : supervisorUserId,
    group_id: entry.groupId ?? null,
    member_id: entry.memberId ?? null,
    data: entry.data ?? {},
    created_at: entry.at,
  };
}

/** Writes one audit record; pass the transaction of the change it records. Made through a switched session, it names the supervisor too. */
export async function recordAudit(db: AppDb, entry: AuditEntry): Promise<void> {
  await db.insert(audit_logs).values(auditRow(entry));
}

/** Writes the audit records of one change (one per member of a bulk move), in batches; as recordAudit. */
export async function recordAudits(db: AppDb, entries: readonly AuditEntry[]): Promise<void> {
  await insertInBatches(db, audit_logs, entries.map(auditRow));
}
