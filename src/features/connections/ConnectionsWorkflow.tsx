import { useEffect, useState, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { accountTitleOf, paymentAccountPageOf, type PaymentAccountActor } from '../../../machines/paymentAccount/selectors';
import { useDisconnectedToast } from '../../ui/paymentAccount/useDisconnectedToast';
import { ConnectionsView } from './ConnectionsView';

export interface ConnectionsWorkflowProps {
  actor: PaymentAccountActor;
  review?: ReactNode;
}

/** The connections page driven by the account's workflow: the view of each snapshot, the admin's actions sent as events. */
export function ConnectionsWorkflow({ actor, review }: ConnectionsWorkflowProps) {
  const page = useSelector(actor, paymentAccountPageOf);
  const title = useSelector(actor, accountTitleOf);
  // Each answer of a poll draws the page again, and with it the time since each match process started.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => setNow(Date.now()), [page]);
  useDisconnectedToast(actor);
  return (
    <ConnectionsView
      title={title}
      page={page}
      now={now}
      review={review}
      onConnect={() => actor.send({ type: 'account.connect' })}
      onRetry={() => actor.send({ type: 'account.retry' })}
      onDisconnect={() => actor.send({ type: 'account.disconnect' })}
      onConfirmDisconnect={() => actor.send({ type: 'account.disconnect.confirmed' })}
      onCancelDisconnect={() => actor.send({ type: 'account.disconnect.cancelled' })}
    />
  );
}
