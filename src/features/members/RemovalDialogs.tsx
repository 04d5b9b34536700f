import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { RemovalPreview } from '../../../machines/memberList/actors';
import { freeLimitText, RECOMMENDED_REMOVALS, type RemovalLimits } from '../../../machines/memberList/moves';
import type { MemberListModal } from '../../../machines/memberList/selectors';

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
      <Dialog header="Remove members" visible={modal === 'confirmingRemoval'} onHide={onClose} style={{ width: '32rem' }}>
        {preview && (
          <>
            <p>
              {preview.members.length} selected members will be removed from the group by the robot.
              {preview.days_needed > 0
                ? ` The daily and weekly limits let ${preview.removable_now} go now; all of them are removed in ${preview.days_needed} days.`
                : ' The limits let all of them go now.'}
            </p>
            <p>
              To protect the group we recommend removing no more than {RECOMMENDED_REMOVALS.daily} members a day and{' '}
              {RECOMMENDED_REMOVALS.weekly} a week.
            </p>
            <ul aria-label="Members to remove">
              {preview.members.slice(0, 10).map((member) => (
                <li key={member.id}>{member.name}</li>
              ))}
            </ul>
            <Button label={`Remove ${preview.members.length} members`} severity="danger" onClick={onConfirm} />{' '}
            <Button label="Cancel" text onClick={onClose} />
          </>
        )}
      </Dialog>
      <Dialog header="Free Trial Account Removals Limit" visible={modal === 'upgradeRequired'} onHide={onClose} style={{ width: '32rem' }}>
        {limits && <p>{freeLimitText(limits.free)}</p>}
        <p>You selected {selected} members. Upgrade to PRO to remove more.</p>
        <Button
          label="Upgrade to PRO"
          className={upgradeHighlighted ? 'members-upgrade--highlighted' : undefined}
          severity={upgradeHighlighted ? 'warning' : undefined}
          onClick={onUpgrade}
        />
      </Dialog>
      <Dialog header="Removals limit reached" visible={modal === 'removalsLimitReached'} onHide={onClose} style={{ width: '32rem' }}>
        {limits && (
          <p>
            You selected {selected} members but only {limits.current.left} can be removed now. The limits reset
            {limits.reset_at ? ` at ${new Date(limits.reset_at).toUTCString()}` : ' later'}.
          </p>
        )}
        <Button label="OK" onClick={onClose} />
      </Dialog>
    </>
  );
}
