import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { Steps } from 'primereact/steps';
import type { MenuItem } from 'primereact/menuitem';
import type { OnboardingStep } from '../../../machines/onboarding/steps';
import type { StepMarker } from '../../../machines/onboarding/selectors';
import { ONBOARDING_STEP_TITLES } from './stepTitles';
import './onboarding.css';

export interface WizardButton {
  enabled: boolean;
}

export interface OnboardingWizardProps {
  steps: StepMarker[];
  /** The step on screen; null while the wizard finds out where to start. */
  current: OnboardingStep | null;
  back: WizardButton | null;
  next: WizardButton | null;
  onOpen(step: OnboardingStep): void;
  onBack(): void;
  onNext(): void;
  children: ReactNode;
}

/** What a screen reader hears of a step: its title and whether it is done, current or not open yet. */
function stepLinkAttributes(marker: StepMarker) {
  const title = ONBOARDING_STEP_TITLES[marker.step];
  return {
    'aria-label': marker.complete ? `${title}, done` : title,
    'aria-current': marker.current ? ('step' as const) : undefined,
    'aria-disabled': !marker.clickable && !marker.current ? true : undefined,
  };
}

function stepItem(marker: StepMarker, onOpen: (step: OnboardingStep) => void): MenuItem {
  const title = ONBOARDING_STEP_TITLES[marker.step];
  return {
    label: title,
    disabled: !marker.clickable && !marker.current,
    className: marker.complete ? 'onboarding-steps__item--complete' : undefined,
    command: () => {
      if (marker.clickable) onOpen(marker.step);
    },
    template: (_item, options) => cloneElement(options.element as ReactElement, stepLinkAttributes(marker)),
  };
}

/** The onboarding frame: numbered steps (open up to the first incomplete one), the step itself, Back and Next. */
export function OnboardingWizard({ steps, current, back, next, onOpen, onBack, onNext, children }: OnboardingWizardProps) {
  const currentIndex = steps.findIndex((marker) => marker.current);
  return (
    <section className="onboarding" aria-labelledby="onboarding-title">
      <header className="onboarding__header">
        <h1 id="onboarding-title">Connect your group</h1>
        <p className="onboarding__lead">
          {current ? `Step ${currentIndex + 1} of ${steps.length}: ${ONBOARDING_STEP_TITLES[current]}` : 'Getting ready…'}
        </p>
      </header>
      <Steps
        className="onboarding-steps"
        aria-label="Onboarding steps"
        model={steps.map((marker) => stepItem(marker, onOpen))}
        activeIndex={currentIndex}
        readOnly={false}
      />
      <div className="onboarding__panel">
        {current && <h2 className="onboarding__step-title">{ONBOARDING_STEP_TITLES[current]}</h2>}
        {children}
      </div>
      {(back || next) && (
        <footer className="onboarding__buttons">
          {back && <Button label="Back" icon="pi pi-arrow-left" outlined disabled={!back.enabled} onClick={onBack} />}
          {next && (
            <Button
              className="onboarding__next"
              label="Next"
              icon="pi pi-arrow-right"
              iconPos="right"
              disabled={!next.enabled}
              onClick={onNext}
            />
          )}
        </footer>
      )}
    </section>
  );
}
