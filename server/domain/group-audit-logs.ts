import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import { AUDIT_LOG_KINDS, type AuditLogKind } from '../db/enums';
import { audit_logs, members } from '../db/schema';

export interface AuditLogQuery {
  groupId: number;
  memberId?: number;
  kinds?: AuditLogKind[];
}

/** A page of a group's audit records, newest first on (group_id, created_at desc), with the kinds that occur in the group. */
export async function readAuditLogPage(db: AppDb, query: AuditLogQuery, page: number, perPage: number) {
  const conditions: (SQL | undefined)[] = [eq(audit_logs.group_id, query.groupId)];
  if (query.memberId !== undefined) conditions.push(eq(audit_logs.member_id, query.memberId));
  if (query.kinds && query.kinds.length > 0) conditions.push(inArray(audit_logs.kind, query.kinds));
  const matching = and(...conditions)!;
  const [rows, [total], kinds] = await Promise.all([
    db
      .select({
        id: audit_logs.id,
        kind: audit_logs.kind,
        member_id: audit_logs.member_id,
        user_id: audit_logs.user_id,
        group_id: audit_logs.group_id,
        created_at: audit_logs.created_at,
        data: audit_logs.data,
        member: { id: members.id, name: members.name, avatar_url: members.avatar_url, fb_user_id: members.fb_user_id },
      })
      .from(audit_logs)
      .leftJoin(members, eq(members.id, audit_logs.member_id))
      .where(matching)
      .orderBy(desc(audit_logs.created_at), desc(audit_logs.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(audit_logs).where(matching),
    db
      .selectDistinct({ kind: audit_logs.kind })
      .from(audit_logs)
      .where(eq(audit_logs.group_id, query.groupId))
      .orderBy(asc(audit_logs.kind)),
  ]);
  const known = new Set<string>(AUDIT_LOG_KINDS);
  return {
    rows: rows.filter((row) => known.has(row.kind)),
    count: total!.n,
    kinds: kinds.map((row) => row.kind).filter((kind): kind is AuditLogKind => known.has(kind)),
  };
}
