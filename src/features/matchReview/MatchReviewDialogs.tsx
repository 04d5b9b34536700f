import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { MatchReviewDialog } from '../../../machines/matchReview/selectors';

export interface MatchReviewDialogsProps {
  dialog: MatchReviewDialog | null;
  /** The confirmed call is under way. */
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

const dialogProps = { style: { width: '32rem' }, breakpoints: { '640px': '94vw' } };

/** The review's questions (part 2 §5): a bulk action's confirmation, 'Match Approval Required', removing a customer's member. */
export function MatchReviewDialogs({ dialog, busy, onConfirm, onClose }: MatchReviewDialogsProps) {
  const confirm = dialog?.kind === 'confirmBulk' || dialog?.kind === 'removeMember' ? dialog : null;
  const approval = dialog?.kind === 'approval' ? dialog : null;
  return (
    <>
      <Dialog header="Please confirm" visible={confirm !== null} onHide={onClose} {...dialogProps}>
        {confirm && (
          <>
            <p>{confirm.text}</p>
            <div className="match-review__dialog-buttons">
              <Button label="Cancel" text onClick={onClose} />
              <Button label={confirm.kind === 'confirmBulk' ? confirm.confirmLabel : 'Remove'} severity="danger" loading={busy} onClick={onConfirm} />
            </div>
          </>
        )}
      </Dialog>
      <Dialog header={approval?.title} visible={approval !== null} onHide={onClose} {...dialogProps}>
        {approval && (
          <>
            <p className="match-review__probability">
              <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {approval.probability}
            </p>
            <p>{approval.average}</p>
            <ul className="match-review__approval-list" aria-label="Matches to accept">
              {approval.items.map((item) => {
                const text = `${item.member} — ${item.customer} (${item.percent}%)`;
                return <li key={item.matchId}>{item.crossed ? <s aria-label={`${text}, won't be linked`}>{text}</s> : text}</li>;
              })}
            </ul>
            {approval.crossedNote && <p className="match-review__crossed-note">{approval.crossedNote}</p>}
            <div className="match-review__dialog-buttons">
              <Button label="Cancel" text onClick={onClose} />
              <Button label={approval.confirmLabel} loading={busy} disabled={!approval.canConfirm} onClick={onConfirm} />
            </div>
          </>
        )}
      </Dialog>
    </>
  );
}
