import { useId } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Message } from 'primereact/message';
import './payments.css';

/** While the payment processor loads. */
export function PaymentLoading() {
  return (
    <p role="status" className="payment-loading">
      <span className="pi pi-spin pi-spinner" aria-hidden="true" /> Loading the payment form…
    </p>
  );
}

/** The payment processor was blocked (spec part 1 §8): the message, and a way to try again once it is allowed. */
export function PaymentBlocked({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div className="payment-blocked">
      <Message severity="warn" text={message} role="alert" />
      <Button type="button" label="Try again" icon="pi pi-refresh" outlined onClick={onRetry} />
    </div>
  );
}

/** The payment terms checkbox. */
export function PaymentTerms({ accepted, disabled, onChange }: { accepted: boolean; disabled: boolean; onChange(accepted: boolean): void }) {
  const id = useId();
  return (
    <div className="payment-terms">
      <Checkbox inputId={`${id}-terms`} checked={accepted} disabled={disabled} onChange={(event) => onChange(event.checked === true)} />
      <label htmlFor={`${id}-terms`}>I accept the terms and conditions</label>
    </div>
  );
}
