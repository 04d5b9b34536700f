import './plainControls.css';

/*
 * The theme's button, checkbox and inline message as plain elements with the classes PrimeReact
 * gives its own, so they look the same. For the login page, which a signed-out visitor loads
 * without PrimeReact's runtime (src/boot/loginBoot.tsx); every other page uses PrimeReact's.
 */

export interface PlainButtonProps {
  label: string;
  /** A PrimeIcons class, e.g. `pi pi-facebook`; a spinner takes its place while loading. */
  icon: string;
  disabled: boolean;
  loading: boolean;
  className?: string;
  onClick(): void;
}

export function PlainButton({ label, icon, disabled, loading, className, onClick }: PlainButtonProps) {
  const closed = disabled || loading;
  const classes = ['p-button p-component', closed && 'p-disabled', loading && 'p-button-loading p-button-loading-left', className];
  return (
    <button type="button" className={classes.filter(Boolean).join(' ')} disabled={closed} onClick={onClick}>
      <span className={`p-button-icon p-c p-button-icon-left ${loading ? 'p-button-loading-icon pi pi-spin pi-spinner' : icon}`} aria-hidden="true" />
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
        {checked && <span className="p-checkbox-icon pi pi-check" aria-hidden="true" />}
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
      <span className="p-inline-message-icon pi pi-times-circle" aria-hidden="true" />
      <span className="p-inline-message-text">{text}</span>
    </div>
  );
}
