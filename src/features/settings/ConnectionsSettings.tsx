import { Message } from 'primereact/message';
import { Link } from 'react-router-dom';
import type { PaymentAccountPage } from '../../../machines/paymentAccount/selectors';
import { LockedOverlay } from '../../ui/LockedOverlay';
import { AccountLoadFailed, ConnectionsClosed } from '../../ui/paymentAccount/AccountTrouble';
import { ConnectOffer } from '../../ui/paymentAccount/ConnectOffer';
import { DisconnectControl } from '../../ui/paymentAccount/DisconnectControl';

export const CONNECTIONS_LOCKED_MESSAGE = 'Upgrade to PRO to unlock Connections!';

export interface ConnectionsSettingsProps {
  /** A free group sees the block locked. */
  locked: boolean;
  purchasePath: string;
  /** The connections page, where a connected account's data is. */
  connectionsPath: string;
  /** The account's company name, else the provider's. */
  accountName: string;
  page: PaymentAccountPage;
  onConnect(): void;
  onRetry(): void;
  onDisconnect(): void;
  onConfirmDisconnect(): void;
  onCancelDisconnect(): void;
}

function BlockBody({ page, accountName, connectionsPath, onConnect, onRetry, onDisconnect, onConfirmDisconnect, onCancelDisconnect }: Omit<ConnectionsSettingsProps, 'locked' | 'purchasePath'>) {
  switch (page.kind) {
    case 'loading':
      return (
        <p role="status">
          <span className="pi pi-spin pi-spinner" aria-hidden="true" /> Loading the Stripe account…
        </p>
      );
    case 'loadFailed':
      return <AccountLoadFailed className="settings__row" failure={page.failure} onRetry={onRetry} />;
    case 'closed':
      return <ConnectionsClosed reason={page.reason} />;
    case 'offer':
      return (
        <>
          <p>Match your group members to the customers of your Stripe account.</p>
          <ConnectOffer offer={page.offer} connecting={page.connecting} failure={page.failure} onConnect={onConnect} />
        </>
      );
    case 'connected':
      return (
        <>
          {page.failure && <Message severity="error" text={page.failure} role="alert" />}
          <p>
            Connected to <strong>{accountName}</strong>. <Link to={connectionsPath}>Review the matches</Link>
          </p>
          <div>
            <DisconnectControl
              confirming={page.confirmingDisconnect}
              disconnecting={page.disconnecting}
              onDisconnect={onDisconnect}
              onConfirm={onConfirmDisconnect}
              onCancel={onCancelDisconnect}
            />
          </div>
        </>
      );
  }
}

/** The settings page's 'Connections Settings' block (spec part 2 §2): Connect or Disconnect the payment provider, locked on the free plan. */
export function ConnectionsSettings({ locked, purchasePath, ...body }: ConnectionsSettingsProps) {
  return (
    <section className="settings__block" aria-labelledby="connections-settings-title">
      <h2 id="connections-settings-title">Connections Settings</h2>
      <LockedOverlay lock={locked ? 'freePlan' : null} purchasePath={purchasePath} message={CONNECTIONS_LOCKED_MESSAGE}>
        <div className="settings__block-body">
          <BlockBody {...body} />
        </div>
      </LockedOverlay>
    </section>
  );
}
