import type { SnapshotFrom } from 'xstate';
import type { RobotJobName } from '../../src/robot/protocol';
import { groupJobStatus, robotUnavailability, type RobotSnapshot, type RobotUnavailability } from '../robot/selectors';
import type { memberListMachine } from './machine';
import { canRemoveFrom, movesFrom, type MemberListName, type MemberMove } from './moves';

type MemberListSnapshot = SnapshotFrom<typeof memberListMachine>;

const JOB_NOTICES: Partial<Record<RobotJobName, string>> = {
  fetch_group_members: 'Syncing Members...',
  fetch_group_posts: 'Syncing Engagements...',
  remove_group_members: 'Removing Members...',
};

export const isLoadingMembers = (snapshot: MemberListSnapshot) => snapshot.matches({ list: 'loading' });
export const isMembersFailure = (snapshot: MemberListSnapshot) => snapshot.matches({ list: 'failed' });
export const failureOf = (snapshot: MemberListSnapshot) => snapshot.context.failure;
export const membersOf = (snapshot: MemberListSnapshot) => snapshot.context.page?.members ?? [];
export const selectionOf = (snapshot: MemberListSnapshot) => snapshot.context.selection;
export const isBusy = (snapshot: MemberListSnapshot) =>
  snapshot.matches({ list: { ready: 'moving' } }) ||
  snapshot.matches({ list: { ready: 'previewingRemoval' } }) ||
  snapshot.matches({ list: { ready: 'removing' } });

/** The moves-table buttons the tab shows on this plan, each enabled when the machine would take it. */
export function moveButtonsOf(snapshot: MemberListSnapshot): Array<{ move: MemberMove; enabled: boolean }> {
  const { query, group } = snapshot.context;
  return movesFrom(query.list, group.isPaid).map((move) => ({ move, enabled: snapshot.can({ type: 'members.move', move }) }));
}

const UNAVAILABLE_ROBOT: Record<RobotUnavailability, string> = {
  detecting: 'Looking for the extension...',
  notInstalled: 'Extension is not installed',
  outdated: 'The extension is outdated: update it to remove members',
  disconnected: 'The extension is not connected',
  busy: 'The extension is busy with another job',
};

const groupJobOf = (snapshot: MemberListSnapshot, robot: RobotSnapshot) => groupJobStatus(robot, snapshot.context.group.id)?.name ?? null;

/** Why the robot cannot remove members now, worded for the page; null while it can, or while it works on this group (the job notice tells). */
export function robotUnavailableText(snapshot: MemberListSnapshot, robot: RobotSnapshot): string | null {
  const unavailable = robotUnavailability(robot);
  return unavailable && !groupJobOf(snapshot, robot) ? UNAVAILABLE_ROBOT[unavailable] : null;
}

/**
 * 'Remove Members' (the robot removes them from the group): shown on the active and inactive tabs of every plan.
 * `robot` is the snapshot of the list's robot the view renders with; the machine's guards read the same robot.
 */
export function removeButtonOf(snapshot: MemberListSnapshot, robot: RobotSnapshot): { shown: boolean; enabled: boolean; reason: string | null } {
  return {
    shown: canRemoveFrom(snapshot.context.query.list),
    enabled: snapshot.can({ type: 'members.remove' }),
    reason: robotUnavailableText(snapshot, robot),
  };
}

export const isRemovingMembers = (snapshot: MemberListSnapshot) => snapshot.matches({ list: { ready: 'removing' } });

export type MemberListModal = 'confirmingRemoval' | 'upgradeRequired' | 'removalsLimitReached' | null;

export function modalOf(snapshot: MemberListSnapshot): MemberListModal {
  for (const modal of ['confirmingRemoval', 'upgradeRequired', 'removalsLimitReached'] as const) {
    if (snapshot.matches({ list: { ready: modal } })) return modal;
  }
  return null;
}

export const isUpgradeHighlighted = (snapshot: MemberListSnapshot) =>
  snapshot.matches({ list: { ready: { upgradeRequired: 'highlighted' } } });

/** 'Syncing Members...', 'Syncing Engagements...' or 'Removing Members...' while the robot works on this group. */
export function jobNoticeOf(snapshot: MemberListSnapshot, robot: RobotSnapshot): string | null {
  const job = groupJobOf(snapshot, robot);
  return job ? (JOB_NOTICES[job] ?? null) : null;
}

/** A tab's badge: the list's size, or 'Found X of Y' / 'Not found' while a search filters it. */
export function tabBadgeOf(snapshot: MemberListSnapshot, list: MemberListName): string | null {
  const page = snapshot.context.page;
  if (!page) return null;
  const all = page.count_all[list];
  if (!snapshot.context.query.search) return String(all);
  const found = page.count_filtered[list];
  return found > 0 ? `Found ${found} of ${all}` : 'Not found';
}
