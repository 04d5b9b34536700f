import type { MatchTab } from '../../rules/matches';

/** What can be done to a match: Accept links it, Reject and Restore move the suggestion, Unlink undoes an accepted link. */
export type MatchAction = 'link' | 'reject' | 'restore' | 'unlink';

/** Part 2 §4: matched and requires_attention allow Accept and Reject; rejected allows Restore; approved allows Unlink. */
const ACTIONS_OF_TAB: Record<MatchTab, readonly MatchAction[]> = {
  all_data: [],
  matched: ['link', 'reject'],
  requires_attention: ['link', 'reject'],
  approved: ['unlink'],
  rejected: ['restore'],
};

export function actionsOf(tab: MatchTab): readonly MatchAction[] {
  return ACTIONS_OF_TAB[tab];
}

/** Rejected or restored suggestions leave the list at once (part 2 §4); a link or unlink shows until the list reloads. */
export function leavesListAtOnce(action: MatchAction): boolean {
  return action === 'reject' || action === 'restore';
}

/**
 * The words of each action: its button, the verb its bulk confirmation asks with ('Are you sure want
 * to {action} {count} matches?'), what its countdown says while it waits, and what is done after it.
 */
export const ACTION_LABELS: Record<MatchAction, { button: string; verb: string; waiting: string; done: string }> = {
  link: { button: 'Accept', verb: 'accept', waiting: 'Linking', done: 'accepted' },
  reject: { button: 'Reject', verb: 'reject', waiting: 'Rejecting', done: 'rejected' },
  restore: { button: 'Restore', verb: 'restore', waiting: 'Restoring', done: 'restored' },
  unlink: { button: 'Unlink', verb: 'unlink', waiting: 'Unlinking', done: 'unlinked' },
};
