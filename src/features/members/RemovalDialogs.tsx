import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { RemovalPreview } from '../../../machines/memberList/actors';
import { freeLimitText, RECOMMENDED_REMOVALS, type RemovalLimits } from '../../../machines/memberList/moves';
import type { MemberListModal } from '../../../machines/memberList/selectors';
import { DisplayDate } from '../../ui/DisplayDate';

export interface RemovalDialogsProps {
  modal: MemberListModal;
  preview: RemovalPreview | null;
  limits: RemovalLimits | null;
  selected: number;
  upgradeHighlighted: boolean;
  onConfirm: () => void;
  onClose: () => void;
  onUpgrade: () => void;
}

/** The removal's preview and the two modals a selection over the limits opens instead (part 1 §5, §8). */
export function RemovalDialogs({ modal, preview, limits, selected, upgradeHighlighted, onConfirm, onClose, onUpgrade }: RemovalDialogsProps) {
  return (
    <>
      <Dialog header="Remove members" visible={modal === 'confirmingRemoval'} onHide={onClose} style={{ width: '32rem' }} breakpoints={{ '640px': '94vw' }}>
        {preview && (
          <>
            <p>
              The extension will remove {preview.members.length === 1 ? '1 member' : `${preview.members.length} members`} from the group.{' '}
              {preview.days_needed > 0 ? (
                <>
                  The daily and weekly limits let {preview.removable_now} go now; the whole selection is through in {preview.days_needed}{' '}
                  {preview.days_needed === 1 ? 'day' : 'days'}
                  {preview.completes_at && (
                    <>
                      , by <DisplayDate iso={preview.completes_at} />
                    </>
                  )}
                  .
                </>
              ) : (
                'The daily and weekly limits let all of them go now.'
              )}
            </p>
            <p className="members-dialog__recommendation">
              To protect the group we recommend removing no more than {RECOMMENDED_REMOVALS.daily} members a day and {RECOMMENDED_REMOVALS.weekly} a
              week.
            </p>
            <ul className="members-dialog__list" aria-label="Members to remove">
              {preview.members.map((member) => (
                <li key={member.id}>{member.name}</li>
              ))}
            </ul>
            <div className="members-dialog__buttons">
              <Button label="Cancel" text onClick={onClose} />
              <Button label={`Remove ${preview.members.length} members`} severity="danger" onClick={onConfirm} />
            </div>
          </>
        )}
      </Dialog>
      <Dialog header="Free Trial Account Removals Limit" visible={modal === 'upgradeRequired'} onHide={onClose} style={{ width: '32rem' }} breakpoints={{ '640px': '94vw' }}>
        {limits && <p>{freeLimitText(limits.free)}</p>}
        <p>You selected {selected} members. Upgrade to PRO to remove more.</p>
        <p className="members-dialog__recommendation">
          We recommend removing no more than {RECOMMENDED_REMOVALS.daily} members a day and {RECOMMENDED_REMOVALS.weekly} a week.
        </p>
        <Button
          label="Upgrade to PRO"
          className={upgradeHighlighted ? 'members-upgrade--highlighted' : undefined}
          severity={upgradeHighlighted ? 'warning' : undefined}
          onClick={onUpgrade}
        />
      </Dialog>
      <Dialog header="Removals limit reached" visible={modal === 'removalsLimitReached'} onHide={onClose} style={{ width: '32rem' }} breakpoints={{ '640px': '94vw' }}>
        {limits && (
          <p>
            You selected {selected} members but only {limits.current.left} can be removed now ({limits.daily.left} left today,{' '}
            {limits.weekly.left} this week).
            {limits.reset_at && (
              <>
                {' '}
                The limits reset on <DisplayDate iso={limits.reset_at} />.
              </>
            )}{' '}
            Select fewer members, or remove the rest later.
          </p>
        )}
        <p className="members-dialog__recommendation">
          We recommend removing no more than {RECOMMENDED_REMOVALS.daily} members a day and {RECOMMENDED_REMOVALS.weekly} a week.
        </p>
        <div className="members-dialog__buttons">
          <Button label="OK" onClick={onClose} />
        </div>
      </Dialog>
    </>
  );
}
