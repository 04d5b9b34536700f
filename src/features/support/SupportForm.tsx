import { useId, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { SUPPORT_LIMITS, type SupportDraft, type SupportErrors, type SupportField, type SupportFormStatus } from './supportForm';
import './support.css';

export interface SupportFormProps {
  draft: SupportDraft;
  /** The errors to show; empty until the user first tries to send. */
  errors: SupportErrors;
  status: SupportFormStatus;
  failure: string | null;
  onChange(field: SupportField, value: string): void;
  onSubmit(): void;
  onWriteAnother(): void;
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <small id={id} className="support-form__error">
      {message}
    </small>
  );
}

/** Help & Support: a request to the team, answered by email. */
export function SupportForm({ draft, errors, status, failure, onChange, onSubmit, onWriteAnother }: SupportFormProps) {
  const id = useId();
  const sending = status === 'sending';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const fieldProps = (field: SupportField) => ({
    id: `${id}-${field}`,
    value: draft[field],
    disabled: sending,
    maxLength: SUPPORT_LIMITS[field],
    invalid: Boolean(errors[field]),
    'aria-invalid': Boolean(errors[field]),
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
  });

  return (
    <section className="support-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Help &amp; Support</h1>
      {status === 'sent' ? (
        <div className="support-page__sent" role="status">
          <span className="pi pi-check-circle" aria-hidden="true" />
          <div>
            <h2>Thank you, your request is on its way.</h2>
            <p>We answer at {draft.email}, usually within one working day.</p>
            <Button label="Write another request" outlined onClick={onWriteAnother} />
          </div>
        </div>
      ) : (
        <form className="support-form" noValidate onSubmit={submit} aria-busy={sending}>
          <p className="support-page__lead">Tell us what happened or what you need; we answer by email.</p>
          {status === 'failed' && failure && (
            <Message severity="error" className="support-form__failure" text={`Your request was not sent. ${failure}`} />
          )}
          <div className="support-form__field">
            <label htmlFor={`${id}-subject`}>Subject</label>
            <InputText {...fieldProps('subject')} onChange={(event) => onChange('subject', event.target.value)} />
            <FieldError id={`${id}-subject-error`} message={errors.subject} />
          </div>
          <div className="support-form__field">
            <label htmlFor={`${id}-message`}>Message</label>
            <InputTextarea {...fieldProps('message')} rows={7} autoResize onChange={(event) => onChange('message', event.target.value)} />
            <FieldError id={`${id}-message-error`} message={errors.message} />
          </div>
          <div className="support-form__field">
            <label htmlFor={`${id}-email`}>Your email</label>
            <InputText {...fieldProps('email')} type="email" autoComplete="email" onChange={(event) => onChange('email', event.target.value)} />
            <FieldError id={`${id}-email-error`} message={errors.email} />
          </div>
          <Button type="submit" label={sending ? 'Sending…' : 'Send'} icon="pi pi-send" loading={sending} disabled={sending} />
        </form>
      )}
    </section>
  );
}
