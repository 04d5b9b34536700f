import type { components } from '../../src/api/schema';
import type { MemberMove } from '../../rules/memberMoves';
import { countOf } from '../../src/ui/plural';

/** The moves table and the lists are rules the server shares (rules/); this module adds what only the page needs. */
export { canRemoveFrom, movesFrom, takesSelection, UNDO_WINDOW_MS, type MemberMove } from '../../rules/memberMoves';
export type { MemberListName } from '../../rules/memberLists';

/** Part 1 §9: the removal protection's recommendation, shown beside the server's own limits. */
export const RECOMMENDED_REMOVALS = { daily: 100, weekly: 500 } as const;

export const MOVE_LABELS: Record<MemberMove, string> = {
  whitelist: 'Add to Whitelist',
  unwhitelist: 'Remove from Whitelist',
  remove: 'Move to Removed',
  restore: 'Move to Inactive',
};

/** The request of a move: one POST, one transaction on the server. */
export function moveRequest(move: MemberMove, ids: number[]) {
  if (move === 'whitelist') return { path: '/groups/{id}/members/whitelisted', body: { is_whitelisted: true, ids } } as const;
  if (move === 'unwhitelist') return { path: '/groups/{id}/members/whitelisted', body: { is_whitelisted: false, ids } } as const;
  return { path: '/groups/{id}/members/removed', body: { is_removed: move === 'remove', ids } } as const;
}

export type RemovalLimits = components['schemas']['RemovalLimits'];

/** Which modal a removal of `count` members opens instead of the preview, if any (part 1 §5). */
export function removalBlock(count: number, limits: RemovalLimits, isPaid: boolean): 'upgradeRequired' | 'removalsLimitReached' | null {
  if (count <= limits.current.left) return null;
  return isPaid ? 'removalsLimitReached' : 'upgradeRequired';
}

/** The three texts of 'Free Trial Account Removals Limit' (part 1 §8). */
export function freeLimitText({ limit, left }: { limit: number; left: number }): string {
  if (left >= limit) return `Your free trial account is limited to remove ${limit} members.`;
  if (left > 0) return `Your free trial account has ${countOf(left, 'member')} remaining to remove.`;
  return 'Your free trial account has no member removals left.';
}
