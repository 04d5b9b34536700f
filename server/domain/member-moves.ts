import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import type { AuditLogKind } from '../db/enums';
import { MEMBER_MOVES, moveAllowedOnPlan, type MemberMove } from '../../rules/memberMoves';
import { isPaidPlan } from '../../rules/plans';
import { audit_logs, groups, memberships } from '../db/schema';
import { insertInBatches } from '../db/insert-in-batches';
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
  | { moved: number; limits: RemovalLimits }
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

    const set = move.kind === 'remove' ? { ...write.set, removed_at: move.at } : write.set;
    await tx
      .update(memberships)
      .set({ ...set, updated_at: move.at })
      .where(and(eq(memberships.group_id, move.groupId), inArray(memberships.member_id, ids)));
    await insertInBatches(
      tx,
      audit_logs,
      ids.map((memberId) => ({
        kind: write.audit,
        user_id: move.userId,
        group_id: move.groupId,
        member_id: memberId,
        data: { ip: move.ip },
        created_at: move.at,
      })),
    );
    const usage = (await readRemovalUsage(tx, [move.groupId], move.at)).get(move.groupId) ?? NO_REMOVALS;
    return { moved: ids.length, limits: removalLimits(group!.plan, usage, move.at) };
  });
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
