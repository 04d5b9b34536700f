import type { ReactNode } from 'react';
import { Card } from 'primereact/card';
import { Message } from 'primereact/message';
import { ProgressBar } from 'primereact/progressbar';
import { PAYMENT_ACCOUNT_TEXTS, type MatchProcesses, type PaymentAccountPage } from '../../../machines/paymentAccount/selectors';
import { ProductLogo } from '../../ui/ProductLogo';
import { AccountLoadFailed, ConnectionsClosed } from '../../ui/paymentAccount/AccountTrouble';
import { ConnectOffer } from '../../ui/paymentAccount/ConnectOffer';
import { DisconnectControl } from '../../ui/paymentAccount/DisconnectControl';
import { timeAgo } from '../../ui/timeAgo';
import './connections.css';

export interface ConnectionsViewProps {
  /** The account's company name, else the provider's. */
  title: string;
  page: PaymentAccountPage;
  /** The time the match processes' 'time ago' counts from (milliseconds). */
  now: number;
  /** The review of the customers and their matches, under the match processes once the account is connected. */
  review?: ReactNode;
  onConnect(): void;
  onRetry(): void;
  onDisconnect(): void;
  onConfirmDisconnect(): void;
  onCancelDisconnect(): void;
}

/** The theme's green misses WCAG AA contrast under the bar's white percentage; the accessible theme's darker one. */
const PROGRESS_COLOR = '#047857';

function MatchProcessesCard({ processes, now }: { processes: MatchProcesses; now: number }) {
  if (processes.kind === 'none') return null;
  if (processes.kind === 'dataLoading') {
    return (
      <Card className="connections__card" title={PAYMENT_ACCOUNT_TEXTS.dataLoading}>
        <ProgressBar mode="indeterminate" color={PROGRESS_COLOR} style={{ height: '6px' }} aria-label="Data loading" />
      </Card>
    );
  }
  return (
    <Card className="connections__card" title={PAYMENT_ACCOUNT_TEXTS.activeMatchProcesses}>
      <ul className="connections__processes" aria-label={PAYMENT_ACCOUNT_TEXTS.activeMatchProcesses}>
        {processes.rows.map((row) => (
          <li key={row.id} className="connections__process">
            <span className="connections__process-status">{row.status}</span>
            {row.startedAt !== null && <span className="connections__process-time">{timeAgo(row.startedAt, now)}</span>}
            <ProgressBar
              value={row.progress}
              color={PROGRESS_COLOR}
              className="connections__process-bar"
              aria-label={`Match process ${row.id}: ${row.progress}%`}
            />
          </li>
        ))}
      </ul>
    </Card>
  );
}

function PageBody({ page, now, review, onConnect, onRetry, onDisconnect, onConfirmDisconnect, onCancelDisconnect }: Omit<ConnectionsViewProps, 'title'>) {
  switch (page.kind) {
    case 'loading':
      return (
        <div className="connections__loading" role="status">
          <ProductLogo size={56} />
          <span>
            <span className="pi pi-spin pi-spinner" aria-hidden="true" /> Loading the Stripe account…
          </span>
        </div>
      );
    case 'loadFailed':
      return <AccountLoadFailed className="connections__card connections__failure" failure={page.failure} onRetry={onRetry} />;
    case 'closed':
      return <ConnectionsClosed reason={page.reason} />;
    case 'offer':
      return (
        <Card className="connections__card connections__connect" title="Connect your Stripe account">
          <p>
            Connect the Stripe account your group's members pay through: xFilter matches the group members to the Stripe customers, so you
            see who pays, who stopped paying and who never paid.
          </p>
          <ConnectOffer offer={page.offer} connecting={page.connecting} failure={page.failure} onConnect={onConnect} />
        </Card>
      );
    case 'connected':
      return (
        <>
          {page.failure && <Message severity="error" text={page.failure} role="alert" />}
          <MatchProcessesCard processes={page.matchProcesses} now={now} />
          {review}
          <div className="connections__disconnect">
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

/** The payment-provider connection page (spec part 2 §2): connect, continue onboarding, or the account's data. */
export function ConnectionsView({ title, ...body }: ConnectionsViewProps) {
  return (
    <section className="connections" aria-labelledby="connections-title">
      <h1 id="connections-title">Connections: {title}</h1>
      <PageBody {...body} />
    </section>
  );
}
