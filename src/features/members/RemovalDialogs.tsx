import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { MembersDialog } from '../../../machines/memberList/selectors';
import { DisplayDate } from '../../ui/DisplayDate';
import { countOf } from '../../ui/plural';

export interface RemovalDialogsProps {
  dialog: MembersDialog | null;
  recommendation: string;
  onConfirm: () => void;
  /** 'Move to Removed' was confirmed. */
  onConfirmMove: () => void;
  onClose: () => void;
  onUpgrade: () => void;
}

const dialogProps = { style: { width: '32rem' }, breakpoints: { '640px': '94vw' } };

/** The removal's preview and the two modals a selection over the limits opens instead (part 1 §5, §8). */
export function RemovalDialogs({ dialog, recommendation, onConfirm, onConfirmMove, onClose, onUpgrade }: RemovalDialogsProps) {
  const confirm = dialog?.kind === 'confirmRemoval' ? dialog : null;
  const confirmMove = dialog?.kind === 'confirmMove' ? dialog : null;
  const upgrade = dialog?.kind === 'upgradeRequired' ? dialog : null;
  const limitReached = dialog?.kind === 'removalsLimitReached' ? dialog : null;
  const recommendationText = <p className="members-dialog__recommendation">{recommendation}</p>;
  return (
    <>
      <Dialog header="Remove members" visible={confirm !== null} onHide={onClose} {...dialogProps}>
        {confirm && (
          <>
            <p>
              {confirm.text}{' '}
              {confirm.preview.days_needed > 0 ? (
                <>
                  The daily and weekly limits let {confirm.preview.removable_now} go now; the whole selection is through in{' '}
                  {countOf(confirm.preview.days_needed, 'day')}
                  {confirm.preview.completes_at && (
                    <>
                      , by <DisplayDate iso={confirm.preview.completes_at} />
                    </>
                  )}
                  .
                </>
              ) : (
                'The daily and weekly limits let all of them go now.'
              )}
            </p>
            {recommendationText}
            <ul className="members-dialog__list" aria-label="Members to remove">
              {confirm.preview.members.map((member) => (
                <li key={member.id}>{member.name}</li>
              ))}
            </ul>
            <div className="members-dialog__buttons">
              <Button label="Cancel" text onClick={onClose} />
              <Button label={confirm.confirmLabel} severity="danger" onClick={onConfirm} />
            </div>
          </>
        )}
      </Dialog>
      <Dialog header="Move to Removed" visible={confirmMove !== null} onHide={onClose} {...dialogProps}>
        {confirmMove && (
          <>
            <p>{confirmMove.text}</p>
            <div className="members-dialog__buttons">
              <Button label="Cancel" text onClick={onClose} />
              <Button label={confirmMove.confirmLabel} severity="danger" onClick={onConfirmMove} />
            </div>
          </>
        )}
      </Dialog>
      <Dialog header="Free Trial Account Removals Limit" visible={upgrade !== null} onHide={onClose} {...dialogProps}>
        {upgrade && (
          <>
            <p>{upgrade.limitText}</p>
            <p>{upgrade.selectedText}. Upgrade to PRO to remove more.</p>
            {recommendationText}
            <Button
              label="Upgrade to PRO"
              className={upgrade.highlighted ? 'members-upgrade--highlighted' : undefined}
              severity={upgrade.highlighted ? 'warning' : undefined}
              onClick={onUpgrade}
            />
          </>
        )}
      </Dialog>
      <Dialog header="Removals limit reached" visible={limitReached !== null} onHide={onClose} {...dialogProps}>
        {limitReached && (
          <>
            <p>
              {limitReached.selectedText} but only {limitReached.limits.current.left} can be removed now (
              {limitReached.limits.daily.left} left today, {limitReached.limits.weekly.left} this week).
              {limitReached.limits.reset_at && (
                <>
                  {' '}
                  The limits reset on <DisplayDate iso={limitReached.limits.reset_at} />.
                </>
              )}{' '}
              Select fewer members, or remove the rest later.
            </p>
            {recommendationText}
            <div className="members-dialog__buttons">
              <Button label="OK" onClick={onClose} />
            </div>
          </>
        )}
      </Dialog>
    </>
  );
}
