import { useId } from 'react';
import { PlainButton, PlainCheckbox, PlainMessage } from '../../ui/plain/PlainControls';
import { FacebookIcon } from '../../ui/plain/PlainIcons';
import { EntryCard } from './EntryCard';

export interface LoginPageProps {
  /** The login_disabled feature toggle: sign-in is closed for now. */
  loginDisabled: boolean;
  termsAccepted: boolean;
  /** The button works: the terms are ticked and no sign-in is under way. */
  canSignIn: boolean;
  signingIn: boolean;
  /** The last sign-in failed or was cancelled (`success=false` in the address). */
  failed: boolean;
  onTermsChange(accepted: boolean): void;
  onSignIn(): void;
}

export function LoginPage({ loginDisabled, termsAccepted, canSignIn, signingIn, failed, onTermsChange, onSignIn }: LoginPageProps) {
  const termsId = useId();
  return (
    <EntryCard title="Sign in to xFilter" lead="Member lists, activity charts and logs for the social-network groups you run.">
      {loginDisabled ? (
        <p className="entry-card__coming-soon" role="status">
          Coming soon!
        </p>
      ) : (
        <>
          {failed && (
            <PlainMessage
              severity="error"
              className="entry-card__message"
              text="Signing in with Facebook did not work. Please try again."
            />
          )}
          <div className="entry-card__terms">
            <PlainCheckbox inputId={termsId} checked={termsAccepted} disabled={signingIn} onChange={onTermsChange} />
            <label htmlFor={termsId}>I accept the terms of service and the privacy policy of xFilter.</label>
          </div>
          <PlainButton
            label="Sign in with Facebook"
            icon={FacebookIcon}
            className="entry-card__action"
            disabled={!canSignIn}
            loading={signingIn}
            onClick={onSignIn}
          />
          {!termsAccepted && <p className="entry-card__hint">Tick the box above to sign in.</p>}
        </>
      )}
    </EntryCard>
  );
}
