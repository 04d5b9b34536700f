import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import type { AuditLogKind } from '../db/enums';
import { MEMBER_MOVES, moveAllowedOnPlan, UNDO_WINDOW_MS, UNDOING_MOVE, type MemberMove } from '../../rules/memberMoves';
import { isPaidPlan } from '../../rules/plans';
import { audit_logs, groups, memberships } from '../db/schema';
import { recordAudits } from './audit';
import { holdersAmong } from './group-ownership';
import { NO_REMOVALS, removalLimits, type RemovalLimits } from './removal-limits';
import { readRemovalUsage } from './removal-usage';
import { liveJobSince } from './robot-jobs';

interface MoveWrite {
  set: Partial<{ is_whitelisted: boolean; is_removed: boolean; removed_at: Date | null }>;
  audit: AuditLogKind;
}

/**
 * What each move of the moves table (rules/memberMoves.ts) writes. Moves to and from removed are
 * bookkeeping, so they neither spend nor check the removal limits; the robot removes members
 * through a remove_group_members job (robot-jobs.ts).
 */
const MOVE_WRITES: Record<MemberMove, MoveWrite> = {
  whitelist: { set: { is_whitelisted: true }, audit: 'members_whitelisted' },
  unwhitelist: { set: { is_whitelisted: false }, audit: 'members_unwhitelisted' },
  remove: { set: { is_removed: true }, audit: 'members_removed' },
  restore: { set: { is_removed: false, removed_at: null }, audit: 'members_restored' },
};

export interface MoveRequest {
  kind: MemberMove;
  groupId: number;
  memberIds: readonly number[];
  userId: number;
  ip: string;
  at: Date;
}

export type MoveOutcome =
  | { moved: number; moveId: string; limits: RemovalLimits }
  | { refused: 'not_member'; ids: number[] }
  | { refused: 'holder'; ids: number[] }
  | { refused: 'not_in_list'; ids: number[] }
  | { refused: 'whitelisted'; ids: number[] }
  | { refused: 'in_removal'; ids: number[] }
  | { refused: 'free_plan' };

/**
 * Moves members between lists in one transaction with one audit record per member, the group row
 * locked. Holders (the caller among them) never move: holdersAmong. The answer carries the group's removal limits as they stand after the move.
 */
export async function moveMembers(db: AppDb, move: MoveRequest): Promise<MoveOutcome> {
  const rule = MEMBER_MOVES[move.kind];
  const write = MOVE_WRITES[move.kind];
  const ids = [...new Set(move.memberIds)];
  return db.transaction(async (tx) => {
    const [group] = await tx
      .select({ plan: groups.subscribed_plan })
      .from(groups)
      .where(eq(groups.id, move.groupId))
      .for('update');
    const rows = await tx
      .select({ memberId: memberships.member_id, list: memberships.list })
      .from(memberships)
      .where(and(eq(memberships.group_id, move.groupId), inArray(memberships.member_id, ids)))
      .for('update');
    const listOf = new Map(rows.map((row) => [row.memberId, row.list]));
    const missing = ids.filter((id) => !listOf.has(id));
    if (missing.length > 0) return { refused: 'not_member', ids: missing };
    const holders = await holdersAmong(tx, move.groupId, ids);
    if (holders.length > 0) return { refused: 'holder', ids: holders };
    if (!moveAllowedOnPlan(move.kind, isPaidPlan(group!.plan))) return { refused: 'free_plan' };
    if (move.kind === 'remove') {
      const whitelisted = ids.filter((id) => listOf.get(id) === 'whitelisted');
      if (whitelisted.length > 0) return { refused: 'whitelisted', ids: whitelisted };
    }
    const outside = ids.filter((id) => !rule.from.includes(listOf.get(id)!));
    if (outside.length > 0) return { refused: 'not_in_list', ids: outside };
    if (move.kind === 'remove' || move.kind === 'restore') {
      const inRemoval = await membersInLiveRemoval(tx, move.groupId, ids, move.at);
      if (inRemoval.length > 0) return { refused: 'in_removal', ids: inRemoval };
    }

    const previous = move.kind === 'restore' ? await removedAtOf(tx, move.groupId, ids) : new Map<number, string | null>();
    const set = move.kind === 'remove' ? { ...write.set, removed_at: move.at } : write.set;
    await tx
      .update(memberships)
      .set({ ...set, updated_at: move.at })
      .where(and(eq(memberships.group_id, move.groupId), inArray(memberships.member_id, ids)));
    const moveId = randomUUID();
    await recordAudits(
      tx,
      ids.map((memberId) => ({
        kind: write.audit,
        userId: move.userId,
        groupId: move.groupId,
        memberId,
        data: { ip: move.ip, move_id: moveId, ...(previous.has(memberId) ? { removed_at: previous.get(memberId) } : {}) },
        at: move.at,
      })),
    );
    return { moved: ids.length, moveId, limits: await limitsAfter(tx, move.groupId, group!.plan, move.at) };
  });
}

async function limitsAfter(tx: AppDb, groupId: number, plan: Parameters<typeof removalLimits>[0], at: Date): Promise<RemovalLimits> {
  const usage = (await readRemovalUsage(tx, [groupId], at)).get(groupId) ?? NO_REMOVALS;
  return removalLimits(plan, usage, at);
}

/** When each removed member was moved to Removed, so undoing 'Move to Inactive' puts the date back. */
async function removedAtOf(tx: AppDb, groupId: number, ids: readonly number[]): Promise<Map<number, string | null>> {
  const rows = await tx
    .select({ memberId: memberships.member_id, removedAt: memberships.removed_at })
    .from(memberships)
    .where(and(eq(memberships.group_id, groupId), inArray(memberships.member_id, ids)));
  return new Map(rows.map((row) => [row.memberId, row.removedAt?.toISOString() ?? null]));
}

/** Each move's members as it left them. */
const MOVED_TO: Record<MemberMove, SQL> = {
  whitelist: sql`${memberships.is_whitelisted}`,
  unwhitelist: sql`NOT ${memberships.is_whitelisted}`,
  remove: sql`${memberships.is_removed}`,
  restore: sql`NOT ${memberships.is_removed}`,
};

/** The server takes an undo a little after the page's window closes, for the request's way over the network. */
export const UNDO_GRACE_MS = 5_000;

export interface UndoRequest {
  groupId: number;
  moveId: string;
  userId: number;
  ip: string;
  at: Date;
}

export type UndoOutcome =
  | { restored: number; skipped: number; limits: RemovalLimits }
  | { refused: 'not_found' }
  | { refused: 'expired' }
  | { refused: 'undone' };

/**
 * Takes the members of one of the caller's moves back to the list they came from, in one transaction
 * with one audit record per member (the undoing move's kind, data.undo_of naming the move). Only rows
 * the move changed and nothing changed since go back: a row another move, a scan or the robot touched
 * after it (its updated_at is no longer the move's time, or it is in another list) stays as it is.
 */
export async function undoMove(db: AppDb, undo: UndoRequest): Promise<UndoOutcome> {
  return db.transaction(async (tx) => {
    const [group] = await tx.select({ plan: groups.subscribed_plan }).from(groups).where(eq(groups.id, undo.groupId)).for('update');
    const moved = await tx
      .select({ memberId: audit_logs.member_id, kind: audit_logs.kind, data: audit_logs.data, at: audit_logs.created_at })
      .from(audit_logs)
      .where(
        and(
          eq(audit_logs.group_id, undo.groupId),
          eq(audit_logs.user_id, undo.userId),
          inArray(audit_logs.kind, MOVE_AUDITS),
          sql`${audit_logs.data} ->> 'move_id' = ${undo.moveId}`,
        ),
      );
    const first = moved[0];
    const kind = first && MOVE_OF_AUDIT.get(first.kind);
    if (!first || !kind) return { refused: 'not_found' };
    if (undo.at.getTime() - first.at.getTime() > UNDO_WINDOW_MS + UNDO_GRACE_MS) return { refused: 'expired' };
    const [undone] = await tx
      .select({ id: audit_logs.id })
      .from(audit_logs)
      .where(and(eq(audit_logs.group_id, undo.groupId), sql`${audit_logs.data} ->> 'undo_of' = ${undo.moveId}`))
      .limit(1);
    if (undone) return { refused: 'undone' };

    const ids = moved.flatMap((row) => (row.memberId === null ? [] : [row.memberId]));
    const unchanged = await tx
      .select({ memberId: memberships.member_id })
      .from(memberships)
      .where(
        and(
          eq(memberships.group_id, undo.groupId),
          inArray(memberships.member_id, ids),
          MOVED_TO[kind],
          eq(memberships.updated_at, first.at),
        ),
      )
      .for('update');
    let back = unchanged.map((row) => row.memberId);
    if (back.length > 0 && (kind === 'remove' || kind === 'restore')) {
      const inRemoval = new Set(await membersInLiveRemoval(tx, undo.groupId, back, undo.at));
      back = back.filter((id) => !inRemoval.has(id));
    }
    const undoing = UNDOING_MOVE[kind];
    if (back.length > 0) await writeUndo(tx, undo, kind, back, moved);
    await recordAudits(
      tx,
      back.map((memberId) => ({
        kind: MOVE_WRITES[undoing].audit,
        userId: undo.userId,
        groupId: undo.groupId,
        memberId,
        data: { ip: undo.ip, undo_of: undo.moveId },
        at: undo.at,
      })),
    );
    return { restored: back.length, skipped: ids.length - back.length, limits: await limitsAfter(tx, undo.groupId, group!.plan, undo.at) };
  });
}

const MOVE_AUDITS = Object.values(MOVE_WRITES).map((write) => write.audit);
const MOVE_OF_AUDIT = new Map<string, MemberMove>(Object.entries(MOVE_WRITES).map(([move, write]) => [write.audit, move as MemberMove]));

/** The undoing write: the opposite flag; undoing 'Move to Inactive' puts back each member's removed_at. */
async function writeUndo(
  tx: AppDb,
  undo: UndoRequest,
  kind: MemberMove,
  ids: number[],
  moved: Array<{ memberId: number | null; data: Record<string, unknown> }>,
): Promise<void> {
  const rows = and(eq(memberships.group_id, undo.groupId), inArray(memberships.member_id, ids));
  if (kind !== 'restore') {
    await tx.update(memberships).set({ ...MOVE_WRITES[UNDOING_MOVE[kind]].set, updated_at: undo.at }).where(rows);
    return;
  }
  const byDate = new Map<string | null, number[]>();
  for (const row of moved) {
    if (row.memberId === null || !ids.includes(row.memberId)) continue;
    const removedAt = typeof row.data.removed_at === 'string' ? row.data.removed_at : null;
    byDate.set(removedAt, [...(byDate.get(removedAt) ?? []), row.memberId]);
  }
  for (const [removedAt, memberIds] of byDate) {
    await tx
      .update(memberships)
      .set({ is_removed: true, removed_at: removedAt === null ? undo.at : new Date(removedAt), updated_at: undo.at })
      .where(and(eq(memberships.group_id, undo.groupId), inArray(memberships.member_id, memberIds)));
  }
}

/**
 * The selected members a live robot removal job of the group names. They stay as the robot leaves
 * them until the job ends: moving them by hand would hide removals the robot is about to report
 * from the limits, or count them twice.
 */
async function membersInLiveRemoval(db: AppDb, groupId: number, memberIds: readonly number[], now: Date): Promise<number[]> {
  const { rows } = await db.execute<{ id: number }>(sql`
    SELECT DISTINCT (job_member ->> 'id')::int AS id
    FROM robot_jobs CROSS JOIN LATERAL jsonb_array_elements(robot_jobs.args -> 'members') AS job_member
    WHERE robot_jobs.group_id = ${groupId}
      AND robot_jobs.name = 'remove_group_members'
      AND robot_jobs.status = 'running'
      AND ${liveJobSince(now)}
      AND (job_member ->> 'id')::int IN (${sql.join(
        memberIds.map((id) => sql`${id}`),
        sql`, `,
      )})`);
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}
