import { describe, expect, it } from 'vitest';
import {
  chosenGroupOf,
  destinationAfter,
  firstIncompleteStep,
  groupAwaitingFirstScan,
  isChoosable,
  isStepClickable,
  isStepComplete,
  lastAvailableStep,
  NO_PROGRESS,
  ONBOARDING_STEPS,
  resumedProgress,
  stepAfter,
  stepBefore,
  storedProgressOf,
  withChosenGroup,
  withChosenGroupId,
  withScannedGroups,
} from '../../../machines/onboarding/steps';
import { bookClubGroup, everyStepDone, foundGroups, gameDevGroup, hikingGroup, missingRobot, progressUpTo } from '../../../src/features/onboarding/fixtures';

describe('onboarding step rules', () => {
  it.each(ONBOARDING_STEPS.map((step) => [step] as const))('%s is the first incomplete step when the steps before it are done', (step) => {
    expect(firstIncompleteStep(progressUpTo[step])).toBe(step);
    expect(lastAvailableStep(progressUpTo[step])).toBe(step);
    expect(isStepComplete(step, progressUpTo[step])).toBe(false);
  });

  it('has no incomplete step once every step is done, and the last step stays available', () => {
    expect(firstIncompleteStep(everyStepDone)).toBeNull();
    expect(lastAvailableStep(everyStepDone)).toBe('complete');
    expect(ONBOARDING_STEPS.every((step) => isStepClickable(step, everyStepDone))).toBe(true);
  });

  it('makes steps clickable up to and including the first incomplete one', () => {
    const clickable = ONBOARDING_STEPS.filter((step) => isStepClickable(step, progressUpTo.ownership));
    expect(clickable).toEqual(['extension', 'groups', 'choose', 'ownership']);
  });

  it('counts a robot that is not installed as an incomplete first step, whatever comes after', () => {
    const uninstalled = { ...progressUpTo.members, robot: missingRobot };
    expect(firstIncompleteStep(uninstalled)).toBe('extension');
    expect(ONBOARDING_STEPS.filter((step) => isStepClickable(step, uninstalled))).toEqual(['extension']);
  });

  it('names the neighbours of each step', () => {
    expect(stepBefore('extension')).toBeNull();
    expect(stepAfter('extension')).toBe('groups');
    expect(stepBefore('complete')).toBe('engagements');
    expect(stepAfter('complete')).toBeNull();
  });
});

describe('choosing a group', () => {
  it('lets any group the robot found be chosen, and no other', () => {
    expect(isChoosable(bookClubGroup.id, progressUpTo.choose)).toBe(true);
    expect(isChoosable(hikingGroup.id, progressUpTo.choose)).toBe(true);
    expect(isChoosable(999, progressUpTo.choose)).toBe(false);
    expect(isChoosable(bookClubGroup.id, NO_PROGRESS)).toBe(false);
  });

  it('keeps the work done for the same group and starts over for another one', () => {
    expect(withChosenGroup(everyStepDone, bookClubGroup)).toEqual(everyStepDone);
    expect(withChosenGroup(everyStepDone, gameDevGroup)).toEqual({ ...progressUpTo.ownership, chosenGroup: gameDevGroup });
  });

  it('chooses a found group by its id, and ignores an id the scan did not find', () => {
    expect(withChosenGroupId(progressUpTo.choose, gameDevGroup.id)).toEqual({ ...progressUpTo.choose, chosenGroup: gameDevGroup });
    expect(withChosenGroupId(progressUpTo.choose, 999)).toEqual(progressUpTo.choose);
  });

  it('gives the steps after the choice their group, and refuses to guess one before it', () => {
    expect(chosenGroupOf(progressUpTo.ownership)).toEqual(bookClubGroup);
    expect(() => chosenGroupOf(progressUpTo.choose)).toThrow('No group is chosen');
  });

  it('keeps the choice through a new groups scan while the user is still its admin', () => {
    expect(withScannedGroups(everyStepDone, foundGroups)).toEqual(everyStepDone);
    const demoted = foundGroups.map((group) => (group.id === bookClubGroup.id ? { ...group, role: 'subscriber' as const } : group));
    expect(withScannedGroups(everyStepDone, demoted)).toEqual({ ...progressUpTo.choose, groups: demoted });
    expect(withScannedGroups(everyStepDone, [gameDevGroup])).toEqual({ ...progressUpTo.choose, groups: [gameDevGroup] });
  });
});

describe('where a finished onboarding leads', () => {
  it("opens the group's members for its API admin", () => {
    expect(destinationAfter(everyStepDone, '/support')).toEqual({ to: 'groupMembers', fbGroupId: bookClubGroup.fb_group_id });
  });

  it('otherwise returns to the saved route, else home', () => {
    const notHeld = { ...everyStepDone, completion: { ...everyStepDone.completion!, isApiAdmin: false } };
    expect(destinationAfter(notHeld, '/support')).toEqual({ to: 'savedRoute', url: '/support' });
    expect(destinationAfter(notHeld, null)).toEqual({ to: 'home' });
  });
});

describe('onboarding progress kept on the server', () => {
  it.each(ONBOARDING_STEPS.map((step) => [step] as const))('resumes at %s from what was kept when the steps before it were done', (step) => {
    // The robot is asked again on every visit.
    expect(firstIncompleteStep({ ...resumedProgress(storedProgressOf(progressUpTo[step])), robot: progressUpTo.groups.robot })).toBe(
      step === 'extension' ? 'groups' : step,
    );
  });

  it('starts over when nothing was kept, and drops what followed a choice that is no longer among the groups', () => {
    expect(resumedProgress(null)).toEqual(NO_PROGRESS);
    expect(resumedProgress(undefined)).toEqual(NO_PROGRESS);
    const kept = { ...storedProgressOf(progressUpTo.engagements), groups: [hikingGroup, gameDevGroup] };
    expect(resumedProgress(kept)).toEqual({ ...NO_PROGRESS, groups: [hikingGroup, gameDevGroup] });
  });

  it('keeps a group acquired during onboarding out of home until its members are scanned', () => {
    expect(groupAwaitingFirstScan({ onboarding_progress: storedProgressOf(progressUpTo.members) })).toBe(bookClubGroup.id);
    expect(groupAwaitingFirstScan({ onboarding_progress: storedProgressOf(progressUpTo.engagements) })).toBeNull();
    // Already held through the API before onboarding: it was scanned then.
    const alreadyHeld = { ...storedProgressOf(progressUpTo.members), ownership: 'apiAdmin' as const };
    expect(groupAwaitingFirstScan({ onboarding_progress: alreadyHeld })).toBeNull();
    expect(groupAwaitingFirstScan({})).toBeNull();
  });
});
