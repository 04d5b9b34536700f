import { Button } from 'primereact/button';
import { PAYMENT_ACCOUNT_TEXTS } from '../../../machines/paymentAccount/selectors';
import { ConfirmDialog } from '../ConfirmDialog';

export interface DisconnectControlProps {
  confirming: boolean;
  disconnecting: boolean;
  onDisconnect(): void;
  onConfirm(): void;
  onCancel(): void;
}

/** Disconnect, asked first: 'Are you sure want to disconnect stripe account?' (spec part 2 §5). */
export function DisconnectControl({ confirming, disconnecting, onDisconnect, onConfirm, onCancel }: DisconnectControlProps) {
  return (
    <>
      <Button type="button" label="Disconnect" icon="pi pi-link" severity="danger" outlined disabled={confirming || disconnecting} onClick={onDisconnect} />
      <ConfirmDialog
        visible={confirming || disconnecting}
        header="Disconnect"
        message={PAYMENT_ACCOUNT_TEXTS.confirmDisconnect}
        confirmLabel="Disconnect"
        busy={disconnecting}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />
    </>
  );
}
