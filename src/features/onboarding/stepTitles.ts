import type { OnboardingStep } from '../../../machines/onboarding/steps';

export const ONBOARDING_STEP_TITLES: Record<OnboardingStep, string> = {
  extension: 'Install Extension',
  groups: 'Scan Groups',
  choose: 'Select Group',
  ownership: 'Confirm Permissions',
  members: 'Scan Members',
  engagements: 'Scan Engagements',
  complete: 'Onboarding Complete',
};
