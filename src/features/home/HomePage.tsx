import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import { ProductLogo } from '../../ui/ProductLogo';
import type { ServerStatus, ServerStatusResult } from './serverStatus';

export type ServerStatusView = { state: 'loading' } | ServerStatusResult;

export interface HomePageProps {
  status: ServerStatusView;
  /** The version of the app running in this page. */
  runningVersion: string;
  retrying?: boolean;
  onRetry?: () => void;
}

function StatusLoading() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading the server status" className="status-list">
      <Skeleton width="60%" height="1.25rem" />
      <Skeleton width="45%" height="1.25rem" />
      <Skeleton width="30%" height="1.25rem" />
    </div>
  );
}

function StatusReady({ status }: { status: ServerStatus }) {
  return (
    <dl className="status-list">
      <div>
        <dt>App version</dt>
        <dd>{status.appVersion}</dd>
      </div>
      <div>
        <dt>Robot version</dt>
        <dd>{status.robotVersion}</dd>
      </div>
      <div>
        <dt>Mode</dt>
        <dd>
          {status.sandbox ? <Tag severity="warning" value="Sandbox" /> : <Tag severity="success" value="Live" />}
          <span className="status-note">
            {status.sandbox
              ? 'A simulated social network, payments and robot. Nothing leaves this machine.'
              : 'Connected to the real social network and payment provider.'}
          </span>
        </dd>
      </div>
    </dl>
  );
}

function StatusFailed({ reason, retrying, onRetry }: { reason: string; retrying: boolean; onRetry?: () => void }) {
  return (
    <div className="status-failed">
      <Message
        severity="error"
        className="status-message"
        content={
          <>
            <i className="pi pi-times-circle" aria-hidden="true" />
            <div>
              <strong>The xFilter server is not available.</strong>
              <span>{reason} Check that it is running, then try again.</span>
            </div>
          </>
        }
      />
      {onRetry && <Button label="Try again" icon="pi pi-refresh" outlined loading={retrying} onClick={onRetry} />}
    </div>
  );
}

export function HomePage({ status, runningVersion, retrying = false, onRetry }: HomePageProps) {
  return (
    <div className="home-page">
      <header className="home-brand">
        <ProductLogo />
        <h1>xFilter</h1>
      </header>
      <p className="home-lead">Member lists, activity charts and logs for the social-network groups you run.</p>
      <Card className="status-card">
        <h2 className="status-title">Server status</h2>
        {status.state === 'loading' && <StatusLoading />}
        {status.state === 'ready' && <StatusReady status={status.status} />}
        {status.state === 'failed' && <StatusFailed reason={status.reason} retrying={retrying} onRetry={onRetry} />}
      </Card>
      <p className="home-build">This page runs xFilter {runningVersion}.</p>
    </div>
  );
}
