import { Button } from 'primereact/button';
import { Message } from 'primereact/message';

/** The Stripe account could not be read: why, and a retry. */
export function AccountLoadFailed({ failure, onRetry, className }: { failure: string | null; onRetry: () => void; className?: string }) {
  return (
    <div className={className} role="alert">
      <p>The Stripe account could not be loaded. {failure}</p>
      <Button type="button" label="Try again" icon="pi pi-refresh" onClick={onRetry} />
    </div>
  );
}

/** The server refused the account's calls: the group is on the free plan or locked (part 2 §6). */
export function ConnectionsClosed({ reason }: { reason: string | null | undefined }) {
  return <Message severity="warn" text={`Connections are closed to this group: it is on the free plan or locked. ${reason ?? ''}`.trim()} />;
}
