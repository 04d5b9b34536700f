import { useEffect } from 'react';
import { PAYMENT_ACCOUNT_TEXTS, type PaymentAccountActor } from '../../../machines/paymentAccount/selectors';
import { useToast } from '../toast';

/** A success toast once the account's workflow has disconnected the account. */
export function useDisconnectedToast(actor: PaymentAccountActor) {
  const showToast = useToast();
  useEffect(() => {
    const subscription = actor.on('account.disconnected', () =>
      showToast({ title: 'Connections', message: PAYMENT_ACCOUNT_TEXTS.disconnected, variant: 'success' }),
    );
    return () => subscription.unsubscribe();
  }, [actor, showToast]);
}
