import type { ReactNode } from 'react';
import { CheckIcon, SpinnerIcon, TimesCircleIcon } from './PlainIcons';
import './plainControls.css';

/*
 * The theme's button, checkbox and inline message as plain elements with the classes PrimeReact
 * gives its own, so they look the same. For the login page, which a signed-out visitor loads
 * without PrimeReact's runtime (src/boot/loginBoot.tsx); every other page uses PrimeReact's.
 */

export interface PlainButtonProps {
  label: string;
  /** An icon of PlainIcons.tsx; a spinner takes its place while loading. */
  icon: (props: { className: string }) => ReactNode;
  disabled: boolean;
  loading: boolean;
  className?: string;
  onClick(): void;
}

export function PlainButton({ label, icon: Icon, disabled, loading, className, onClick }: PlainButtonProps) {
  const closed = disabled || loading;
  const classes = ['p-button p-component', closed && 'p-disabled', loading && 'p-button-loading p-button-loading-left', className];
  return (
    <button type="button" className={classes.filter(Boolean).join(' ')} disabled={closed} onClick={onClick}>
      {loading ? (
        <SpinnerIcon className="p-button-icon p-c p-button-icon-left p-button-loading-icon" />
      ) : (
        <Icon className="p-button-icon p-c p-button-icon-left" />
      )}
      <span className="p-button-label p-c">{label}</span>
    </button>
  );
}

export interface PlainCheckboxProps {
  inputId: string;
  checked: boolean;
  disabled: boolean;
  onChange(checked: boolean): void;
}

export function PlainCheckbox({ inputId, checked, disabled, onChange }: PlainCheckboxProps) {
  const classes = ['p-checkbox p-component', checked && 'p-highlight', disabled && 'p-disabled'];
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      <input
        id={inputId}
        type="checkbox"
        className="p-checkbox-input"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <div className={`p-checkbox-box${checked ? ' p-highlight' : ''}`}>
        {checked && <CheckIcon className="p-checkbox-icon" />}
      </div>
    </div>
  );
}

export interface PlainMessageProps {
  severity: 'error';
  text: string;
  className?: string;
}

export function PlainMessage({ severity, text, className }: PlainMessageProps) {
  return (
    <div className={`p-inline-message p-component p-inline-message-${severity} ${className ?? ''}`} role="alert" aria-live="assertive">
      <TimesCircleIcon className="p-inline-message-icon" />
      <span className="p-inline-message-text">{text}</span>
    </div>
  );
}
