import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';

export interface ConfirmDialogProps {
  visible: boolean;
  header: string;
  /** The question, as the spec words it. */
  message: string;
  confirmLabel: string;
  /** The confirmed action is under way: both buttons wait for it. */
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** A yes-or-no question before an action that cannot be taken back. */
export function ConfirmDialog({ visible, header, message, confirmLabel, busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog header={header} visible={visible} onHide={onCancel} style={{ width: '28rem' }} breakpoints={{ '640px': '94vw' }} closable={!busy}>
      <p>{message}</p>
      <div className="confirm-dialog__buttons" style={{ display: 'flex', justifyContent: 'flex-end', gap: '0.5rem' }}>
        <Button type="button" label="Cancel" text severity="secondary" disabled={busy} onClick={onCancel} />
        <Button type="button" label={confirmLabel} severity="danger" loading={busy} disabled={busy} onClick={onConfirm} />
      </div>
    </Dialog>
  );
}
