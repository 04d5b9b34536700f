import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import type { StepFailure } from '../../../machines/shared/stepFailure';
import { failureText } from './failureText';

export interface StepFailureMessageProps {
  failure: StepFailure;
  onRetry(): void;
}

/** A step whose work failed: why, and a retry. */
export function StepFailureMessage({ failure, onRetry }: StepFailureMessageProps) {
  return (
    <div className="onboarding-step__failure">
      <Message severity="error" text={failureText(failure)} />
      <Button label="Try again" icon="pi pi-refresh" onClick={onRetry} />
    </div>
  );
}
