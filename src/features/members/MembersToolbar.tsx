import { Button } from 'primereact/button';
import type { MemberMove } from '../../../machines/memberList/moves';
import type { MembersToolbar as MembersToolbarView } from '../../../machines/memberList/selectors';

export interface MembersToolbarProps {
  toolbar: MembersToolbarView;
  jobNotice: string | null;
  onSelectAll: () => void;
  onSelectNone: () => void;
  onInvert: () => void;
  onMove: (move: MemberMove) => void;
  onRemove: () => void;
}

/** The selection's count and controls, the list's moves and 'Remove Members', with why the robot cannot remove now. */
export function MembersToolbar({ toolbar, jobNotice, onSelectAll, onSelectNone, onInvert, onMove, onRemove }: MembersToolbarProps) {
  const { remove } = toolbar;
  return (
    <div className="members-page__toolbar" role="toolbar" aria-label="Member actions">
      <span className="members-page__selected">{toolbar.selected} selected</span>
      <Button label="Select all" text size="small" onClick={onSelectAll} disabled={!toolbar.selectAll} />
      <Button label="Select none" text size="small" onClick={onSelectNone} disabled={!toolbar.selectNone} />
      <Button label="Invert" text size="small" onClick={onInvert} disabled={!toolbar.invert} />
      <span className="members-page__actions">
        {toolbar.moves.map(({ move, label, enabled, busy }) => (
          <Button
            key={move}
            label={label}
            size="small"
            outlined
            severity={move === 'remove' ? 'danger' : undefined}
            disabled={!enabled}
            loading={busy}
            onClick={() => onMove(move)}
          />
        ))}
        {remove && (
          <Button
            label="Remove Members"
            icon="pi pi-user-minus"
            size="small"
            severity="danger"
            disabled={!remove.enabled}
            loading={remove.busy}
            aria-describedby={remove.reason ? 'members-robot-reason' : undefined}
            onClick={onRemove}
          />
        )}
        {jobNotice && <JobNotice text={jobNotice} />}
        {remove?.reason && (
          <span id="members-robot-reason" className="members-page__reason">
            <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {remove.reason}
          </span>
        )}
      </span>
    </div>
  );
}

/** What the robot is doing for this group. */
export function JobNotice({ text, block = false }: { text: string; block?: boolean }) {
  const content = (
    <>
      <i className="pi pi-spin pi-sync" aria-hidden="true" /> {text}
    </>
  );
  return block ? (
    <p className="members-page__job" role="status">
      {content}
    </p>
  ) : (
    <span className="members-page__job" role="status">
      {content}
    </span>
  );
}
