/** How alarming a free-removals count looks (part 1 §9). */
export type RemovalsSeverity = 'success' | 'warning' | 'danger';

/** The group list has no limit at hand, so it measures what is left against this many removals. */
export const GROUP_LIST_REMOVALS_SCALE = 10;

/** Under 10% danger, under 30% warning, otherwise success. */
export function severityOfShare(share: number): RemovalsSeverity {
  if (share < 0.1) return 'danger';
  if (share < 0.3) return 'warning';
  return 'success';
}

/** The colour of the free-removals progress bar: the share of the free allowance still left. */
export function freeRemovalsBarSeverity({ left, limit }: { left: number; limit: number }): RemovalsSeverity {
  return severityOfShare(limit > 0 ? left / limit : 0);
}

/** The colour of the free removals left shown next to a group in the group list: left out of 10. */
export function groupListRemovalsSeverity(left: number): RemovalsSeverity {
  return severityOfShare(left / GROUP_LIST_REMOVALS_SCALE);
}
