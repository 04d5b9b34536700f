import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import type { AffiliateAccountView, AffiliatesPage, JoiningBox } from '../../../machines/affiliates/selectors';
import { LockedOverlay } from '../../ui/LockedOverlay';
import { useCopiedTooltip } from './useCopiedTooltip';
import './affiliates.css';

export interface AffiliatesViewProps {
  page: AffiliatesPage;
  /** Affiliate features are locked unless the user has paid groups. */
  locked: boolean;
  /** Where the lock's call to action leads. */
  purchasePath: string;
  onEmailChange(email: string): void;
  onEnable(): void;
  onRetry(): void;
  /** The referral link was shared: open the share dialog and count it. */
  onShare(link: string): void;
}

function CopyButton({ label, copied, onCopy }: { label: string; copied: boolean; onCopy(): void }) {
  return (
    <span className="affiliates__copy">
      <Button type="button" icon="pi pi-copy" outlined aria-label={label} onClick={onCopy} />
      {copied && (
        <span className="affiliates__tooltip" role="status">
          Copied!
        </span>
      )}
    </span>
  );
}

function Box({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="affiliates__box" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function JoinBox({ box, onEmailChange, onEnable }: { box: JoiningBox; onEmailChange(email: string): void; onEnable(): void }) {
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onEnable();
  };
  return (
    <Box title="Join the affiliate program">
      <p>Earn 30% recurring commission on every subscription paid by the people you refer.</p>
      <form className="affiliates__join" noValidate onSubmit={submit} aria-busy={box.enabling}>
        {box.askEmail && (
          <div className="affiliates__field">
            <label htmlFor={`${id}-email`}>Your email</label>
            <InputText
              id={`${id}-email`}
              type="email"
              autoComplete="email"
              value={box.email}
              disabled={box.enabling}
              invalid={box.emailError !== null}
              aria-invalid={box.emailError !== null}
              aria-describedby={box.emailError ? `${id}-email-error` : undefined}
              onChange={(event) => onEmailChange(event.target.value)}
            />
            {box.emailError && (
              <small id={`${id}-email-error`} className="affiliates__error">
                {box.emailError}
              </small>
            )}
          </div>
        )}
        {box.failure && <Message severity="error" className="affiliates__failure" text={box.failure} />}
        <Button type="submit" label={box.enabling ? 'Enabling…' : 'Enable'} icon="pi pi-check" loading={box.enabling} disabled={!box.canEnable} />
      </form>
    </Box>
  );
}

function AccountBoxes({ account, onShare }: { account: AffiliateAccountView; onShare(link: string): void }) {
  const id = useId();
  const [showPassword, setShowPassword] = useState(false);
  const { copied, copy } = useCopiedTooltip();
  return (
    <>
      <Box title="Your referral link">
        <div className="affiliates__row">
          <InputText id={`${id}-link`} value={account.link} readOnly aria-label="Referral link" />
          <CopyButton label="Copy the referral link" copied={copied === 'link'} onCopy={() => copy('link', account.link)} />
          <Button type="button" icon="pi pi-facebook" label="Share" onClick={() => onShare(account.link)} />
        </div>
      </Box>
      <Box title="Commission balance">
        <p className="affiliates__balance">
          {account.balance}
        </p>
      </Box>
      <Box title="Affiliate dashboard login">
        <dl className="affiliates__login">
          <dt>Email</dt>
          <dd>{account.login}</dd>
          <dt>Password</dt>
          <dd>
            {account.password === null ? (
              <span>We don&apos;t know your password</span>
            ) : (
              <span className="affiliates__row">
                <InputText
                  value={account.password}
                  type={showPassword ? 'text' : 'password'}
                  readOnly
                  aria-label="Dashboard password"
                />
                <Button
                  type="button"
                  outlined
                  icon={showPassword ? 'pi pi-eye-slash' : 'pi pi-eye'}
                  aria-label={showPassword ? 'Hide the password' : 'Show the password'}
                  onClick={() => setShowPassword(!showPassword)}
                />
                <CopyButton label="Copy the password" copied={copied === 'password'} onCopy={() => copy('password', account.password!)} />
              </span>
            )}
          </dd>
        </dl>
      </Box>
    </>
  );
}

function PageBody({ page, onEmailChange, onEnable, onRetry, onShare }: Omit<AffiliatesViewProps, 'locked' | 'purchasePath'>) {
  switch (page.kind) {
    case 'loading':
      return (
        <p className="affiliates__loading" role="status">
          <span className="pi pi-spin pi-spinner" aria-hidden="true" /> Loading your affiliate account…
        </p>
      );
    case 'loadFailed':
      return (
        <div className="affiliates__box" role="alert">
          <p>Your affiliate account could not be loaded. {page.failure}</p>
          <Button type="button" label="Try again" icon="pi pi-refresh" onClick={onRetry} />
        </div>
      );
    case 'joining':
      return <JoinBox box={page.box} onEmailChange={onEmailChange} onEnable={onEnable} />;
    case 'enabled':
      return <AccountBoxes account={page.account} onShare={onShare} />;
  }
}

/** Affiliate Program: the referral link, the affiliate dashboard login and the balance, or joining the programme. */
export function AffiliatesView({ locked, purchasePath, ...body }: AffiliatesViewProps) {
  return (
    <div className="affiliates">
      <h1>Affiliate Program</h1>
      <LockedOverlay lock={locked ? 'freePlan' : null} purchasePath={purchasePath}>
        <div className="affiliates__boxes">
          <PageBody {...body} />
        </div>
      </LockedOverlay>
    </div>
  );
}
