/** The onboarding steps in order (spec part 1 §2 Onboarding); each is a page at /onboarding/{step}. */
export const ONBOARDING_STEPS = ['extension', 'groups', 'choose', 'ownership', 'members', 'engagements', 'complete'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];
