import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import type { ChangeCardView as ChangeCardViewModel } from '../../../machines/changeCard/selectors';
import { PaymentBlocked, PaymentLoading, PaymentTerms } from '../../payments/PaymentPagePieces';
import { pathTo } from '../../app/routes';
import './changeCard.css';

export interface ChangeCardViewProps {
  view: ChangeCardViewModel;
  cardForm: ReactNode;
  onTermsChange(accepted: boolean): void;
  onSubmit(): void;
  onRetryCardForm(): void;
}

/** /change_card with no paid group: no subscription, so no card to change. */
export function NoCardToChange() {
  const id = useId();
  return (
    <section className="change-card-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Change card</h1>
      <p>
        None of your groups has a paid plan, so there is no card to change. <Link to={pathTo('user')}>Back to your account</Link>
      </p>
    </section>
  );
}

/** /change_card: the card form, the terms checkbox and Continue. */
export function ChangeCardView({ view, cardForm, onTermsChange, onSubmit, onRetryCardForm }: ChangeCardViewProps) {
  const id = useId();
  return (
    <section className="change-card-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Change card</h1>
      {view.kind === 'loading' && <PaymentLoading />}
      {view.kind === 'blocked' && <PaymentBlocked message={view.message} onRetry={onRetryCardForm} />}
      {view.kind === 'updated' && <p role="status">Your card is updated. Taking you on…</p>}
      {view.kind === 'form' && (
        <form
          className="change-card-page__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          {cardForm}
          <PaymentTerms accepted={view.termsAccepted} disabled={view.submitting} onChange={onTermsChange} />
          {view.problem && <Message severity="error" text={view.problem} role="alert" className="change-card-page__problem" />}
          <Button type="submit" label="Continue" loading={view.submitting} disabled={view.submitting} />
        </form>
      )}
    </section>
  );
}
