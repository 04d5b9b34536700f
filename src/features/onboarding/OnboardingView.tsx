import { currentStep, stepMarkers, wizardButtons, type OnboardingActor, type OnboardingSnapshot } from '../../../machines/onboarding/selectors';
import { BusyNote } from './BusyNote';
import { OnboardingStepContent } from './OnboardingStepContent';
import { OnboardingWizard } from './OnboardingWizard';

export interface OnboardingViewProps {
  snapshot: OnboardingSnapshot;
  send: OnboardingActor['send'];
}

/** The wizard as a snapshot of the onboarding statechart says: its steps, the current step's view, Back and Next. */
export function OnboardingView({ snapshot, send }: OnboardingViewProps) {
  const step = currentStep(snapshot);
  const { back, next } = wizardButtons(snapshot);
  return (
    <OnboardingWizard
      steps={stepMarkers(snapshot)}
      current={step}
      back={back}
      next={next}
      onOpen={(opened) => send({ type: 'wizard.open', step: opened })}
      onBack={() => send({ type: 'wizard.back' })}
      onNext={() => send({ type: 'wizard.next' })}
    >
      {step ? <OnboardingStepContent step={step} snapshot={snapshot} send={send} /> : <BusyNote text="Checking the xFilter extension…" />}
    </OnboardingWizard>
  );
}
