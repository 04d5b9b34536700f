import { and, eq, inArray } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import type { AuditLogKind, MemberList } from '../db/enums';
import { audit_logs, groups, memberships } from '../db/schema';
import { insertInBatches } from '../db/insert-in-batches';
import { removalLimits, type RemovalLimits } from './removal-limits';
import { readRemovalUsage } from './removal-usage';
import { NO_REMOVALS } from './removal-limits';

export type MoveKind = 'whitelist' | 'unwhitelist' | 'remove' | 'restore';

interface MoveRule {
  from: readonly MemberList[];
  set: Partial<{ is_whitelisted: boolean; is_removed: boolean; removed_at: Date | null }>;
  audit: AuditLogKind;
  paidOnly: boolean;
  spendsLimits: boolean;
}

/** Spec part 1 §4: which list each move takes members from, and which plans may make it. */
const MOVES: Record<MoveKind, MoveRule> = {
  whitelist: { from: ['inactive'], set: { is_whitelisted: true }, audit: 'members_whitelisted', paidOnly: false, spendsLimits: false },
  unwhitelist: { from: ['whitelisted'], set: { is_whitelisted: false }, audit: 'members_unwhitelisted', paidOnly: false, spendsLimits: false },
  // A free group may spend its free allowance on moves to removed (the contract); its limits say how much is left.
  remove: { from: ['active', 'inactive'], set: { is_removed: true }, audit: 'members_removed', paidOnly: false, spendsLimits: true },
  restore: { from: ['removed'], set: { is_removed: false, removed_at: null }, audit: 'members_restored', paidOnly: true, spendsLimits: false },
};

export interface MoveRequest {
  kind: MoveKind;
  groupId: number;
  memberIds: readonly number[];
  userId: number;
  ip: string;
  at: Date;
}

export type MoveOutcome =
  | { moved: number; limits: RemovalLimits }
  | { refused: 'not_member'; ids: number[] }
  | { refused: 'not_in_list'; ids: number[] }
  | { refused: 'whitelisted'; ids: number[] }
  | { refused: 'locked' }
  | { refused: 'free_plan' }
  | { refused: 'limit_exceeded'; limits: RemovalLimits };

/**
 * Moves members between lists in one transaction with one audit record per member. The group row
 * is locked so two moves of the same group are checked against the limits one after the other.
 * A move to removed does not count a removal: the robot's reports count them once they are done
 * (ingest-removals.ts); it is refused when the selection is larger than what the limits leave.
 */
export async function moveMembers(db: AppDb, move: MoveRequest): Promise<MoveOutcome> {
  const rule = MOVES[move.kind];
  const ids = [...new Set(move.memberIds)];
  return db.transaction(async (tx) => {
    const [group] = await tx
      .select({ plan: groups.subscribed_plan, isLocked: groups.is_locked })
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
    if (move.kind === 'remove' || move.kind === 'restore') {
      if (group!.isLocked) return { refused: 'locked' };
      if (rule.paidOnly && group!.plan === 'free') return { refused: 'free_plan' };
    }
    if (move.kind === 'remove') {
      const whitelisted = ids.filter((id) => listOf.get(id) === 'whitelisted');
      if (whitelisted.length > 0) return { refused: 'whitelisted', ids: whitelisted };
    }
    const outside = ids.filter((id) => !rule.from.includes(listOf.get(id)!));
    if (outside.length > 0) return { refused: 'not_in_list', ids: outside };

    const usage = (await readRemovalUsage(tx, [move.groupId], move.at)).get(move.groupId) ?? NO_REMOVALS;
    const limits = removalLimits(group!.plan, usage, move.at);
    if (rule.spendsLimits && ids.length > limits.current.left) return { refused: 'limit_exceeded', limits };

    const set = move.kind === 'remove' ? { ...rule.set, removed_at: move.at } : rule.set;
    await tx
      .update(memberships)
      .set({ ...set, updated_at: move.at })
      .where(and(eq(memberships.group_id, move.groupId), inArray(memberships.member_id, ids)));
    await insertInBatches(
      tx,
      audit_logs,
      ids.map((memberId) => ({
        kind: rule.audit,
        user_id: move.userId,
        group_id: move.groupId,
        member_id: memberId,
        data: { ip: move.ip },
        created_at: move.at,
      })),
    );
    return { moved: ids.length, limits };
  });
}
