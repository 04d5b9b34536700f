import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import { AUDIT_LOG_KINDS, type AuditLogKind } from '../db/enums';
import { audit_logs, members } from '../db/schema';

export interface AuditLogQuery {
  /** Only one group's records (a group's own log); every group's when absent (the supervisor's). */
  groupId?: number;
  memberId?: number;
  /** Only what this user did. */
  userId?: number;
  kinds?: AuditLogKind[];
  /** Written at or after this moment. */
  from?: Date;
  /** Written before this moment. */
  before?: Date;
  /** Newest first unless asked otherwise; by kind, each kind's records newest first. */
  sortBy?: 'created_at' | 'kind';
  sortDirection?: 'asc' | 'desc';
}

/** The kinds of the query's group and user that occur at all: one index probe per kind the contract knows. */
async function occurringKinds(db: AppDb, query: AuditLogQuery): Promise<AuditLogKind[]> {
  const scope = [
    query.groupId === undefined ? undefined : sql`AND group_id = ${query.groupId}`,
    query.userId === undefined ? undefined : sql`AND user_id = ${query.userId}`,
  ].filter((condition): condition is SQL => condition !== undefined);
  const { rows } = await db.execute<{ kind: AuditLogKind }>(sql`
    SELECT known.kind FROM unnest(ARRAY[${sql.join(
      AUDIT_LOG_KINDS.map((kind) => sql`${kind}`),
      sql`, `,
    )}]::text[]) AS known(kind)
    WHERE EXISTS (SELECT 1 FROM ${audit_logs} WHERE ${audit_logs.kind} = known.kind ${sql.join(scope, sql` `)})
    ORDER BY known.kind`);
  return rows.map((row) => row.kind);
}

/**
 * A page of audit records, newest first (on (group_id, created_at desc) for a group, (created_at
 * desc) or (kind, created_at desc) across groups), with the kinds that occur in the query's group
 * and user: the kind filter's options.
 */
export async function readAuditLogPage(db: AppDb, query: AuditLogQuery, page: number, perPage: number) {
  const conditions: (SQL | undefined)[] = [
    query.groupId === undefined ? undefined : eq(audit_logs.group_id, query.groupId),
    query.memberId === undefined ? undefined : eq(audit_logs.member_id, query.memberId),
    query.userId === undefined ? undefined : eq(audit_logs.user_id, query.userId),
    query.kinds && query.kinds.length > 0 ? inArray(audit_logs.kind, query.kinds) : undefined,
    query.from === undefined ? undefined : gte(audit_logs.created_at, query.from),
    query.before === undefined ? undefined : lt(audit_logs.created_at, query.before),
  ];
  const matching = and(...conditions);
  const direction = query.sortDirection === 'asc' ? asc : desc;
  const order = query.sortBy === 'kind' ? [direction(audit_logs.kind), desc(audit_logs.created_at), desc(audit_logs.id)] : [direction(audit_logs.created_at), direction(audit_logs.id)];
  const [rows, [total], kinds] = await Promise.all([
    db
      .select({
        id: audit_logs.id,
        kind: audit_logs.kind,
        member_id: audit_logs.member_id,
        user_id: audit_logs.user_id,
        switched_by_user_id: audit_logs.switched_by_user_id,
        group_id: audit_logs.group_id,
        created_at: audit_logs.created_at,
        data: audit_logs.data,
        member: { id: members.id, name: members.name, avatar_url: members.avatar_url, fb_user_id: members.fb_user_id },
      })
      .from(audit_logs)
      .leftJoin(members, eq(members.id, audit_logs.member_id))
      .where(matching)
      .orderBy(...order)
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(audit_logs).where(matching),
    occurringKinds(db, query),
  ]);
  const known = new Set<string>(AUDIT_LOG_KINDS);
  return {
    rows: rows.filter((row): row is typeof row & { kind: AuditLogKind } => known.has(row.kind)),
    count: total!.n,
    kinds,
  };
}
