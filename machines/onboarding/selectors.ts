import type { ActorRefFrom, SnapshotFrom, StateValueFrom } from 'xstate';
import type { RobotProgress } from '../../src/robot/protocol';
import type { confirmOwnershipMachine } from '../confirmOwnership/machine';
import type { onboardingMachine } from './machine';
import { adminGroupsFirst, type OnboardingGroup } from './onboardingGroups';
import type { StepFailure } from '../shared/stepFailure';
import { ONBOARDING_STEPS, isStepComplete, stepAfter, stepBefore, type OnboardingStep } from './steps';

export type OnboardingSnapshot = SnapshotFrom<typeof onboardingMachine>;
export type OnboardingActor = ActorRefFrom<typeof onboardingMachine>;
/** A state of the chart by its static ids, e.g. `{ wizard: { groups: 'scanning' } }`: a misspelt one does not compile. */
export type OnboardingStateValue = StateValueFrom<typeof onboardingMachine>;
export type ConfirmOwnershipActor = ActorRefFrom<typeof confirmOwnershipMachine>;

/** The step on screen; null while the wizard is still finding out where to start. */
export function currentStep(snapshot: OnboardingSnapshot): OnboardingStep | null {
  return ONBOARDING_STEPS.find((step) => snapshot.matches({ wizard: step })) ?? null;
}

export interface StepMarker {
  step: OnboardingStep;
  complete: boolean;
  current: boolean;
  /** Another step the user may open now: up to and including the first incomplete one. */
  clickable: boolean;
}

export function stepMarkers(snapshot: OnboardingSnapshot): StepMarker[] {
  const shown = currentStep(snapshot);
  return ONBOARDING_STEPS.map((step) => ({
    step,
    complete: isStepComplete(step, snapshot.context.progress),
    current: step === shown,
    clickable: step !== shown && snapshot.can({ type: 'wizard.open', step }),
  }));
}

/** Back and Next, when the current step has such a neighbour; enabled when the machine would move. */
export function wizardButtons(snapshot: OnboardingSnapshot) {
  const shown = currentStep(snapshot);
  return {
    back: shown && stepBefore(shown) ? { enabled: snapshot.can({ type: 'wizard.back' }) } : null,
    next: shown && stepAfter(shown) ? { enabled: snapshot.can({ type: 'wizard.next' }) } : null,
  };
}

export function isCheckingExtension(snapshot: OnboardingSnapshot): boolean {
  return snapshot.matches({ wizard: { extension: 'checking' } });
}

export function canCheckExtension(snapshot: OnboardingSnapshot): boolean {
  return snapshot.can({ type: 'extension.check' });
}

/** A robot scan or a save: under way (with the robot's progress when it reports any), done, or failed. */
export type WorkView = { kind: 'working'; progress: RobotProgress | null } | { kind: 'done' } | { kind: 'failed'; failure: StepFailure };

export function workView(snapshot: OnboardingSnapshot): WorkView {
  const { scanProgress, failure } = snapshot.context;
  if (snapshot.hasTag('busy')) return { kind: 'working', progress: scanProgress };
  if (snapshot.hasTag('failed') && failure) return { kind: 'failed', failure };
  return { kind: 'done' };
}

/** The scanned groups, those the user administers first. */
export function scannedGroups(snapshot: OnboardingSnapshot): OnboardingGroup[] {
  return adminGroupsFirst(snapshot.context.progress.groups ?? []);
}

export function chosenGroup(snapshot: OnboardingSnapshot): OnboardingGroup | null {
  return snapshot.context.progress.chosenGroup;
}

export function canRescanGroups(snapshot: OnboardingSnapshot): boolean {
  return snapshot.can({ type: 'groups.rescan' });
}

/** The running confirm-ownership workflow, while the Confirm Permissions step asks. */
export function confirmOwnershipActor(snapshot: OnboardingSnapshot): ConfirmOwnershipActor | null {
  return (snapshot.children.confirmOwnership as ConfirmOwnershipActor | undefined) ?? null;
}
