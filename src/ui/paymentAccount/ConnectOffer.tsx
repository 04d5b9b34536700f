import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { PAYMENT_ACCOUNT_TEXTS, PROVIDER_NAME } from '../../../machines/paymentAccount/selectors';
import '../../styles/connect-offer.css';

export interface ConnectOfferProps {
  /** Connect a new account, or continue an onboarding that was started (or sent back for a refresh). */
  offer: 'connect' | 'continueOnboarding';
  /** The connect call is under way, or the browser is leaving for the provider. */
  connecting: boolean;
  failure: string | null;
  onConnect(): void;
}

/** The button that connects the payment provider's account, with the warning of an unfinished onboarding (spec part 2 §2). */
export function ConnectOffer({ offer, connecting, failure, onConnect }: ConnectOfferProps) {
  const continues = offer === 'continueOnboarding';
  return (
    <div className="connect-offer">
      {continues && <Message severity="warn" text={PAYMENT_ACCOUNT_TEXTS.completeOnboarding} />}
      {failure && <Message severity="error" text={failure} role="alert" />}
      <Button type="button" className="connect-offer__button" loading={connecting} disabled={connecting} onClick={onConnect}>
        {continues ? PAYMENT_ACCOUNT_TEXTS.continueOnboarding : 'Connect with'} <strong className="connect-offer__provider">{PROVIDER_NAME}</strong>
      </Button>
    </div>
  );
}
