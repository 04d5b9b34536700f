import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { changeCardView, type ChangeCardActor } from '../../../machines/changeCard/selectors';
import { ChangeCardView } from './ChangeCardView';

export interface ChangeCardWorkflowProps {
  actor: ChangeCardActor;
  /** The payment processor's card form, disabled while the card is saved. */
  cardForm(options: { disabled: boolean }): ReactNode;
}

/** The change-card page driven by its workflow. */
export function ChangeCardWorkflow({ actor, cardForm }: ChangeCardWorkflowProps) {
  const view = useSelector(actor, changeCardView);
  return (
    <ChangeCardView
      view={view}
      cardForm={cardForm({ disabled: view.kind === 'form' && view.submitting })}
      onTermsChange={(accepted) => actor.send({ type: 'terms.change', accepted })}
      onSubmit={() => actor.send({ type: 'card.submit' })}
      onRetryCardForm={() => actor.send({ type: 'cardForm.retry' })}
    />
  );
}
