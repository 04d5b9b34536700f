import type { MemberListName, StoredMemberList } from './memberLists';

export type MemberMove = 'whitelist' | 'unwhitelist' | 'remove' | 'restore';

export interface MemberMoveRule {
  /** The lists a move takes members from. */
  from: readonly StoredMemberList[];
  /** Paid groups only. */
  paidOnly: boolean;
}

/**
 * Spec part 1 §4, the moves table: which list each move takes members from, and which plans may
 * make it. Moves to and from removed are bookkeeping (the member already left the group): nobody
 * is removed from the network. Removing members from the group itself is a robot job, which every
 * plan has ('Remove Members').
 */
export const MEMBER_MOVES: Record<MemberMove, MemberMoveRule> = {
  whitelist: { from: ['inactive'], paidOnly: false },
  unwhitelist: { from: ['whitelisted'], paidOnly: false },
  remove: { from: ['active', 'inactive'], paidOnly: true },
  restore: { from: ['removed'], paidOnly: true },
};

/** The lists whose members the robot can remove from the group ('Remove Members', any plan). */
export const REMOVABLE_LISTS: readonly StoredMemberList[] = ['active', 'inactive'];

/** Whether 'Remove Members' is offered on a list. */
export function canRemoveFrom(list: MemberListName): boolean {
  return (REMOVABLE_LISTS as readonly MemberListName[]).includes(list);
}

/**
 * A list takes a selection only where an action exists for it on the plan: a move of the moves
 * table or the robot's removal. The all_members view (part 1 §4: no bulk moves) and a free group's
 * removed list have none, so they show no checkboxes or selection controls.
 */
export function takesSelection(list: MemberListName, isPaid: boolean): boolean {
  return canRemoveFrom(list) || movesFrom(list, isPaid).length > 0;
}

/** Whether a group on a paid plan (or not) may make a move. */
export function moveAllowedOnPlan(move: MemberMove, isPaid: boolean): boolean {
  return isPaid || !MEMBER_MOVES[move].paidOnly;
}

/** The moves a list offers on a plan; all_members offers none. */
export function movesFrom(list: MemberListName, isPaid: boolean): MemberMove[] {
  return (Object.keys(MEMBER_MOVES) as MemberMove[]).filter(
    (move) => (MEMBER_MOVES[move].from as readonly MemberListName[]).includes(list) && moveAllowedOnPlan(move, isPaid),
  );
}

/** How long a bulk move can be undone after it is made (the page offers Undo for as long). */
export const UNDO_WINDOW_MS = 10_000;

/** The move that takes a move's members back to the list they came from. */
export const UNDOING_MOVE: Record<MemberMove, MemberMove> = {
  whitelist: 'unwhitelist',
  unwhitelist: 'whitelist',
  remove: 'restore',
  restore: 'remove',
};
