import type { components } from '../../src/api/schema';
import type { RobotPresence } from '../../src/robot/protocol';
import type { ScanResult } from './actors';
import type { OnboardingGroup } from './onboardingGroups';

type UserFlags = components['schemas']['UserFlags'];
/** The progress as the server keeps it in the user's flags (onboarding_progress). */
export type StoredOnboardingProgress = components['schemas']['OnboardingProgress'];

/** The wizard's steps in order (spec part 1 §2 Onboarding); each is also the last part of its address. */
export const ONBOARDING_STEPS = ['extension', 'groups', 'choose', 'ownership', 'members', 'engagements', 'complete'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** What the robot said about itself once it knew whether it is there. */
export interface RobotStatus {
  presence: Exclude<RobotPresence, 'detecting'>;
  robotVersion: string | null;
  extensionVersion: string | null;
}

/** An installed robot answers, even when out of date (its commands then say so). */
export function isRobotInstalled(robot: RobotStatus | null): boolean {
  return robot?.presence === 'ready' || robot?.presence === 'outdated';
}

/** How ownership was confirmed: the user already held the group here, or acquired it just now. */
export type OwnershipConfirmation = 'apiAdmin' | 'acquired';

/** What the user has done so far; each step is complete when its part is there. */
export interface OnboardingProgress {
  robot: RobotStatus | null;
  groups: OnboardingGroup[] | null;
  chosenGroup: OnboardingGroup | null;
  ownership: OwnershipConfirmation | null;
  membersScan: { members: number } | null;
  engagementsScan: { posts: number } | null;
  /** Saved once the last step is reached: the user's flags as saved, and whether the user now holds the group. */
  completion: { isApiAdmin: boolean; flags: UserFlags } | null;
}

export const NO_PROGRESS: OnboardingProgress = {
  robot: null,
  groups: null,
  chosenGroup: null,
  ownership: null,
  membersScan: null,
  engagementsScan: null,
  completion: null,
};

const COMPLETION_CONDITIONS: Record<OnboardingStep, (progress: OnboardingProgress) => boolean> = {
  extension: (progress) => isRobotInstalled(progress.robot),
  groups: (progress) => progress.groups !== null,
  choose: (progress) => progress.chosenGroup !== null,
  ownership: (progress) => progress.ownership !== null,
  members: (progress) => progress.membersScan !== null,
  engagements: (progress) => progress.engagementsScan !== null,
  complete: (progress) => progress.completion !== null,
};

export function isStepComplete(step: OnboardingStep, progress: OnboardingProgress): boolean {
  return COMPLETION_CONDITIONS[step](progress);
}

export function firstIncompleteStep(progress: OnboardingProgress): OnboardingStep | null {
  return ONBOARDING_STEPS.find((step) => !isStepComplete(step, progress)) ?? null;
}

/** The furthest step the user may open: the first incomplete one, or the last step once all are done. */
export function lastAvailableStep(progress: OnboardingProgress): OnboardingStep {
  return firstIncompleteStep(progress) ?? ONBOARDING_STEPS[ONBOARDING_STEPS.length - 1];
}

/** A step can be opened up to and including the first incomplete one. */
export function isStepClickable(step: OnboardingStep, progress: OnboardingProgress): boolean {
  return ONBOARDING_STEPS.indexOf(step) <= ONBOARDING_STEPS.indexOf(lastAvailableStep(progress));
}

export function stepAfter(step: OnboardingStep): OnboardingStep | null {
  return ONBOARDING_STEPS[ONBOARDING_STEPS.indexOf(step) + 1] ?? null;
}

export function stepBefore(step: OnboardingStep): OnboardingStep | null {
  return ONBOARDING_STEPS[ONBOARDING_STEPS.indexOf(step) - 1] ?? null;
}

/** Everything after choosing a group belongs to that group, so another choice starts it over. */
export function withChosenGroup(progress: OnboardingProgress, group: OnboardingGroup): OnboardingProgress {
  if (progress.chosenGroup?.id === group.id) return { ...progress, chosenGroup: group };
  return { ...progress, chosenGroup: group, ownership: null, membersScan: null, engagementsScan: null, completion: null };
}

/** Choosing one of the scanned groups by its id; an id the scan did not find changes nothing. */
export function withChosenGroupId(progress: OnboardingProgress, groupId: number): OnboardingProgress {
  const group = progress.groups?.find((candidate) => candidate.id === groupId);
  return group ? withChosenGroup(progress, group) : progress;
}

/**
 * The group every step after Choose Group works on. Those steps open only once a group is chosen
 * (`isStepClickable`), so a missing one is a fault in the wizard, not a state the user can reach.
 */
export function chosenGroupOf(progress: OnboardingProgress): OnboardingGroup {
  if (progress.chosenGroup === null) throw new Error('No group is chosen before the step that works on it.');
  return progress.chosenGroup;
}

/** A new scan keeps the chosen group while the robot finds it with the same role; otherwise the choice is undone. */
export function withScannedGroups(progress: OnboardingProgress, groups: OnboardingGroup[]): OnboardingProgress {
  const chosen = groups.find((group) => group.id === progress.chosenGroup?.id && group.role === progress.chosenGroup.role);
  const rescanned = { ...progress, groups };
  return chosen ? withChosenGroup(rescanned, chosen) : { ...NO_PROGRESS, robot: progress.robot, groups };
}

/** What a finished scan found, as the progress of its step. */
export function withScan(progress: OnboardingProgress, result: ScanResult): OnboardingProgress {
  switch (result.kind) {
    case 'groups':
      return withScannedGroups(progress, result.groups);
    case 'members':
      return { ...progress, membersScan: { members: result.members } };
    case 'engagements':
      return { ...progress, engagementsScan: { posts: result.posts } };
  }
}

/**
 * Any group the robot found can be chosen: confirming ownership then scans its admins and, for a
 * subscriber, shows the role and that admin is required (spec part 1 §4 Confirm ownership).
 */
export function isChoosable(groupId: number, progress: OnboardingProgress): boolean {
  return progress.groups?.some((group) => group.id === groupId) === true;
}

/** Where a finished onboarding leads: the group's members for its API admin, else the saved route, else home. */
export type OnboardingDestination =
  | { to: 'groupMembers'; fbGroupId: string }
  | { to: 'savedRoute'; url: string }
  | { to: 'home' };

export function destinationAfter(progress: OnboardingProgress, savedRoute: string | null): OnboardingDestination {
  if (progress.completion?.isApiAdmin && progress.chosenGroup) return { to: 'groupMembers', fbGroupId: progress.chosenGroup.fb_group_id };
  if (savedRoute) return { to: 'savedRoute', url: savedRoute };
  return { to: 'home' };
}

/** What the server keeps of the progress: all but the robot, which is asked again, and the completion, which ends it. */
export function storedProgressOf(progress: OnboardingProgress): StoredOnboardingProgress {
  return {
    groups: progress.groups,
    chosen_group_id: progress.chosenGroup?.id ?? null,
    ownership: progress.ownership,
    members_scan: progress.membersScan,
    engagements_scan: progress.engagementsScan,
  };
}

/** The progress a reload or a new sign-in resumes from; what follows a choice that is no longer among the groups is dropped. */
export function resumedProgress(stored: StoredOnboardingProgress | null | undefined): OnboardingProgress {
  if (!stored) return NO_PROGRESS;
  const chosenGroup = stored.groups?.find((group) => group.id === stored.chosen_group_id) ?? null;
  if (!chosenGroup) return { ...NO_PROGRESS, groups: stored.groups };
  return {
    ...NO_PROGRESS,
    groups: stored.groups,
    chosenGroup,
    ownership: stored.ownership,
    membersScan: stored.members_scan,
    engagementsScan: stored.engagements_scan,
  };
}

/**
 * The group an unfinished onboarding connected whose first members scan is not done yet: it has
 * nothing to show, so home does not open it.
 */
export function groupAwaitingFirstScan(flags: Pick<UserFlags, 'onboarding_progress'>): number | null {
  const progress = flags.onboarding_progress;
  const acquiredUnscanned = progress?.ownership === 'acquired' && progress.members_scan === null;
  return acquiredUnscanned ? progress.chosen_group_id : null;
}
