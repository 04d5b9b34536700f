import { useId, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import type { PaidPlan } from '../../../rules/prices';
import { formatUsd } from '../../../rules/prices';
import type { PurchaseView as PurchaseViewModel } from '../../../machines/purchase/selectors';
import { PaymentBlocked, PaymentLoading, PaymentTerms } from '../../payments/PaymentPagePieces';
import './purchase.css';

export interface PurchaseViewProps {
  heading: string;
  view: PurchaseViewModel;
  /** The card form of the payment processor, drawn where the view asks for it. */
  cardForm: ReactNode;
  onChoosePlan(plan: PaidPlan): void;
  onTermsChange(accepted: boolean): void;
  onSubmit(): void;
  onRetryCardForm(): void;
}

/** /:fbGroupId/purchase: plan cards, the card form, the plan's summary, the payment terms and Continue. */
export function PurchaseView({ heading, view, cardForm, onChoosePlan, onTermsChange, onSubmit, onRetryCardForm }: PurchaseViewProps) {
  const id = useId();
  return (
    <section className="purchase-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{heading}</h1>
      {view.kind === 'loading' && <PaymentLoading />}
      {view.kind === 'blocked' && <PaymentBlocked message={view.message} onRetry={onRetryCardForm} />}
      {view.kind === 'purchased' && (
        <p role="status" className="purchase-page__done">
          Thank you! Taking you to your receipt…
        </p>
      )}
      {view.kind === 'form' && (
        <form
          className="purchase-page__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          <div className="purchase-page__main">
            <p className="purchase-page__group">
              For <strong>{view.group.name}</strong>
            </p>
            <div className="purchase-page__plans" role="radiogroup" aria-label="Plan">
              {view.plans.map((plan) => (
                <button
                  key={plan.plan}
                  type="button"
                  role="radio"
                  aria-checked={plan.selected}
                  className={`purchase-plan${plan.selected ? ' purchase-plan--selected' : ''}`}
                  disabled={view.submitting}
                  onClick={() => onChoosePlan(plan.plan)}
                >
                  <span className="purchase-plan__title">{plan.title}</span>
                  <span className="purchase-plan__price">
                    {plan.perMonth} <small>per month</small>
                  </span>
                  {plan.saving && <span className="purchase-plan__saving">{plan.saving}</span>}
                </button>
              ))}
            </div>
            {view.showCardForm && cardForm}
            {view.savedCard && (
              <p className="purchase-page__saved-card">
                <span className="pi pi-credit-card" aria-hidden="true" /> Paid with your saved card
                {view.savedCard.brand && view.savedCard.last4 ? ` (${view.savedCard.brand} ending in ${view.savedCard.last4})` : ''}.
              </p>
            )}
          </div>
          <aside className="purchase-summary" aria-label="Summary">
            <h2 className="purchase-summary__title">{view.summary.title}</h2>
            <p className="purchase-summary__price">{formatUsd(view.summary.priceCents)}</p>
            <p className="purchase-summary__note">{view.summary.note}</p>
            <PaymentTerms accepted={view.termsAccepted} disabled={view.submitting} onChange={onTermsChange} />
            {view.problem && <Message severity="error" text={view.problem} role="alert" className="purchase-summary__problem" />}
            <Button type="submit" label="Continue" loading={view.submitting} disabled={view.submitting} className="purchase-summary__continue" />
          </aside>
        </form>
      )}
    </section>
  );
}

