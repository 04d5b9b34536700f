import { Button } from 'primereact/button';
import type { MembersToast } from '../../../machines/memberList/selectors';

export interface MoveToastProps {
  toast: MembersToast | null;
  onUndo: () => void;
  onDismiss: () => void;
}

/** The success toast of the last move or removal, with Undo while the move can be undone. */
export function MoveToast({ toast, onUndo, onDismiss }: MoveToastProps) {
  return (
    <div className="members-toast" role="status" aria-live="polite">
      {toast && (
        <div className="members-toast__message p-toast-message p-toast-message-success">
          <i className="pi pi-check-circle members-toast__icon" aria-hidden="true" />
          <div className="members-toast__text">
            <strong>{toast.title}</strong>
            <span>{toast.message}</span>
          </div>
          {toast.undo && (
            <Button label={toast.undo === 'undoing' ? 'Undoing...' : 'Undo'} size="small" outlined loading={toast.undo === 'undoing'} onClick={onUndo} />
          )}
          <Button icon="pi pi-times" text rounded size="small" aria-label="Close" onClick={onDismiss} />
        </div>
      )}
    </div>
  );
}
