import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { purchaseHeading, purchaseView, type PurchaseActor } from '../../../machines/purchase/selectors';
import { PurchaseView } from './PurchaseView';

export interface PurchaseWorkflowProps {
  actor: PurchaseActor;
  /** The payment processor's card form, disabled while a payment is under way. */
  cardForm(options: { disabled: boolean }): ReactNode;
}

/** The purchase page driven by its workflow: the view of each snapshot, the user's actions sent as events. */
export function PurchaseWorkflow({ actor, cardForm }: PurchaseWorkflowProps) {
  const view = useSelector(actor, purchaseView);
  const heading = useSelector(actor, purchaseHeading);
  return (
    <PurchaseView
      heading={heading}
      view={view}
      cardForm={cardForm({ disabled: view.kind === 'form' && view.submitting })}
      onChoosePlan={(plan) => actor.send({ type: 'plan.choose', plan })}
      onTermsChange={(accepted) => actor.send({ type: 'terms.change', accepted })}
      onSubmit={() => actor.send({ type: 'purchase.submit' })}
      onRetryCardForm={() => actor.send({ type: 'cardForm.retry' })}
    />
  );
}
