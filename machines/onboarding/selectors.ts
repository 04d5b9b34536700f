import type { ActorRefFrom, SnapshotFrom, StateValueFrom } from 'xstate';
import type { RobotProgress } from '../../src/robot/protocol';
import type { confirmOwnershipMachine } from '../confirmOwnership/machine';
import type { ScanResult } from './actors';
import type { onboardingMachine } from './machine';
import type { scanMachine } from './scan';
import { adminGroupsFirst, type OnboardingGroup } from './onboardingGroups';
import type { StepFailure } from '../shared/stepFailure';
import { ONBOARDING_STEPS, isStepComplete, stepAfter, stepBefore, type OnboardingStep } from './steps';

export type OnboardingSnapshot = SnapshotFrom<typeof onboardingMachine>;
export type OnboardingActor = ActorRefFrom<typeof onboardingMachine>;
/** A state of the chart by its static ids, e.g. `{ wizard: { groups: 'scanning' } }`: a misspelt one does not compile. */
export type OnboardingStateValue = StateValueFrom<typeof onboardingMachine>;
export type ConfirmOwnershipActor = ActorRefFrom<typeof confirmOwnershipMachine>;
export type ScanActor = ActorRefFrom<typeof scanMachine>;
export type ScanSnapshot = SnapshotFrom<typeof scanMachine>;

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

/** Saving the onboarding: under way, done, or failed. */
export type SaveView = { kind: 'working' } | { kind: 'done' } | { kind: 'failed'; failure: StepFailure };

export function saveView(snapshot: OnboardingSnapshot): SaveView {
  const { failure } = snapshot.context;
  if (snapshot.hasTag('busy')) return { kind: 'working' };
  if (snapshot.hasTag('failed') && failure) return { kind: 'failed', failure };
  return { kind: 'done' };
}

/** A robot scan: under way (with the robot's progress when it reports any), failed, or done with what it found. */
export type ScanView =
  | { kind: 'working'; progress: RobotProgress | null }
  | { kind: 'failed'; failure: StepFailure }
  | { kind: 'done'; result: ScanResult };

export function scanView(snapshot: ScanSnapshot): ScanView {
  const { progress, failure, result } = snapshot.context;
  if (snapshot.matches('failed') && failure) return { kind: 'failed', failure };
  if (snapshot.matches('scanned') && result) return { kind: 'done', result };
  return { kind: 'working', progress };
}

/** The running scan, while the Scan Groups, Scan Members or Scan Engagements step waits for it. */
export function scanActor(snapshot: OnboardingSnapshot): ScanActor | null {
  const { groupsScan, membersScan, engagementsScan } = snapshot.children;
  return groupsScan ?? membersScan ?? engagementsScan ?? null;
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
  return snapshot.children.confirmOwnership ?? null;
}
