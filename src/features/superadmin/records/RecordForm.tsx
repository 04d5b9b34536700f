import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Message } from 'primereact/message';
import { useRevalidator } from 'react-router-dom';
import { useToast } from '../../../ui/toast';
import type { FormErrors } from './recordEdits';
import type { Loaded } from './recordsApi';

export interface RecordEdit<Form, Patch extends object> {
  /** The record's values as the form starts with them. */
  initial: Form;
  errorsOf(form: Form): FormErrors<Form>;
  patchOf(form: Form): Patch;
  save(patch: Patch): Promise<Loaded<unknown>>;
  /** The toast's message once saved. */
  savedMessage: string;
}

export interface RecordEditState<Form> {
  form: Form;
  /** Shown once a save has been tried. */
  errors: FormErrors<Form>;
  changed: boolean;
  saving: boolean;
  /** Why the server did not save, as it said. */
  refusal: string | null;
  set<Field extends keyof Form>(field: Field, value: Form[Field]): void;
  undo(): void;
  submit(event: FormEvent): Promise<void>;
}

/**
 * A profile's edit form: the fields as typed, what is wrong with them (shown once a save is tried),
 * one PATCH of the changed fields (nothing is sent when nothing changed), then a toast and the
 * profile loaded again; a refusal is shown and the form keeps what was typed.
 */
export function useRecordEdit<Form, Patch extends object>({ initial, errorsOf, patchOf, save, savedMessage }: RecordEdit<Form, Patch>): RecordEditState<Form> {
  const [form, setForm] = useState(initial);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const showToast = useToast();
  const revalidator = useRevalidator();
  const errors = errorsOf(form);
  const changed = Object.keys(patchOf(form)).length > 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.keys(errors).length > 0 || !changed || saving) return;
    setSaving(true);
    setRefusal(null);
    const result = await save(patchOf(form));
    setSaving(false);
    if (result.kind === 'failed') {
      setRefusal(result.reason);
      return;
    }
    setTried(false);
    showToast({ message: savedMessage, variant: 'success' });
    await revalidator.revalidate();
  };

  return {
    form,
    errors: tried ? errors : {},
    changed,
    saving,
    refusal,
    set: (field, value) => setForm((current) => ({ ...current, [field]: value })),
    undo: () => {
      setForm(initial);
      setTried(false);
      setRefusal(null);
    },
    submit,
  };
}

type Edit<Form> = Pick<RecordEditState<Form>, 'form' | 'errors' | 'set'>;

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <small id={id} className="records__field-error">
      {error}
    </small>
  ) : null;
}

/** A text field of an edit form, with its error under it. */
export function TextField<Form>({ edit, field, label, type = 'text', hint }: { edit: Edit<Form>; field: keyof Form & string; label: string; type?: 'text' | 'email' | 'datetime-local'; hint?: string }) {
  const id = useId();
  const error = edit.errors[field];
  return (
    <div className="records__field">
      <label htmlFor={id}>
        {label}
        {hint ? <small> {hint}</small> : null}
      </label>
      <input
        id={id}
        type={type}
        className={error ? 'p-inputtext p-component p-invalid' : 'p-inputtext p-component'}
        value={edit.form[field] as string}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => edit.set(field, event.target.value as Form[typeof field])}
      />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

export function SelectField<Form>({ edit, field, label, options }: { edit: Edit<Form>; field: keyof Form & string; label: string; options: ReadonlyArray<{ value: string; label: string }> }) {
  const id = useId();
  return (
    <div className="records__field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="p-inputtext p-component records__select" value={edit.form[field] as string} onChange={(event) => edit.set(field, event.target.value as Form[typeof field])}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function CheckField<Form>({ edit, field, label }: { edit: Edit<Form>; field: keyof Form & string; label: string }) {
  return (
    <label className="records__check records__field--check">
      <input type="checkbox" checked={edit.form[field] as boolean} onChange={(event) => edit.set(field, event.target.checked as Form[typeof field])} />
      {label}
    </label>
  );
}

/** The form around the fields: the refusal, if any, and Save (closed until something changed) and Undo changes. */
export function EditForm({ label, edit, children }: { label: string; edit: Omit<RecordEditState<unknown>, 'form' | 'errors' | 'set'>; children: ReactNode }) {
  return (
    <form className="records__form" aria-label={label} noValidate onSubmit={(event) => void edit.submit(event)}>
      <div className="records__form-fields">{children}</div>
      {edit.refusal && <Message severity="error" text={`Not saved: ${edit.refusal}`} className="records__message" />}
      <div className="records__form-actions">
        <button type="submit" className="p-button p-component" disabled={!edit.changed || edit.saving} aria-busy={edit.saving || undefined}>
          {edit.saving && <span className="p-button-icon p-button-icon-left pi pi-spin pi-spinner" aria-hidden="true" />}
          <span className="p-button-label">{edit.saving ? 'Saving…' : 'Save'}</span>
        </button>
        <button type="button" className="p-button p-component p-button-text" disabled={!edit.changed || edit.saving} onClick={edit.undo}>
          <span className="p-button-label">Undo changes</span>
        </button>
      </div>
    </form>
  );
}
