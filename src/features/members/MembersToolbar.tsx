import { Button } from 'primereact/button';
import type { MemberMove } from '../../../machines/memberList/moves';
import type { MembersToolbar as MembersToolbarView } from '../../../machines/memberList/selectors';

export interface MembersToolbarProps {
  toolbar: MembersToolbarView;
  onSelectAll: () => void;
  onSelectNone: () => void;
  onInvert: () => void;
  onMove: (move: MemberMove) => void;
  onRemove: () => void;
}

interface ActionProps {
  id: string;
  label: string;
  icon?: string;
  danger: boolean;
  outlined: boolean;
  enabled: boolean;
  busy: boolean;
  /** What the action does; the reason it is closed, when it is. */
  help: string;
  reason: string | null;
  onClick: () => void;
}

/**
 * An action that stays in the tab order when it is closed (aria-disabled), so its tooltip can tell
 * what it does and why it is closed, to the mouse and to the keyboard alike.
 */
function Action({ id, label, icon, danger, outlined, enabled, busy, help, reason, onClick }: ActionProps) {
  const describedBy = `${id}-help`;
  return (
    <>
      <Button
        label={label}
        icon={icon}
        size="small"
        outlined={outlined}
        severity={danger ? 'danger' : undefined}
        aria-disabled={!enabled}
        className={enabled ? undefined : 'members-page__action--closed'}
        loading={busy}
        aria-describedby={describedBy}
        tooltip={reason ? `${help} ${reason}` : help}
        tooltipOptions={{ position: 'bottom', showDelay: 300, event: 'both', className: 'members-page__tooltip' }}
        onClick={() => {
          if (enabled) onClick();
        }}
      />
      <span id={describedBy} className="members-page__sr-only" data-reason={reason ?? undefined}>
        {reason ? `${help} ${reason}` : help}
      </span>
    </>
  );
}

/** The selection's count and controls, the list's moves and 'Remove Members', each saying what it does and why it is closed. */
export function MembersToolbar({ toolbar, onSelectAll, onSelectNone, onInvert, onMove, onRemove }: MembersToolbarProps) {
  const { remove } = toolbar;
  return (
    <div className="members-page__toolbar" role="toolbar" aria-label="Member actions">
      <span className="members-page__selected">{toolbar.selected} selected</span>
      <span className="members-page__selection">
        <Button label="Select all" text size="small" onClick={onSelectAll} disabled={!toolbar.selectAll} />
        <Button label="Select none" text size="small" onClick={onSelectNone} disabled={!toolbar.selectNone} />
        <Button label="Invert" text size="small" onClick={onInvert} disabled={!toolbar.invert} />
      </span>
      <span className="members-page__actions">
        {toolbar.moves.map(({ move, label, enabled, busy, help, reason }) => (
          <Action
            key={move}
            id={`members-move-${move}`}
            label={label}
            danger={move === 'remove'}
            outlined
            enabled={enabled}
            busy={busy}
            help={help}
            reason={reason}
            onClick={() => onMove(move)}
          />
        ))}
        {remove && (
          <Action
            id="members-remove"
            label="Remove Members"
            icon="pi pi-user-minus"
            danger
            outlined={false}
            enabled={remove.enabled}
            busy={remove.busy}
            help={remove.help}
            reason={remove.reason}
            onClick={onRemove}
          />
        )}
        {toolbar.robotProblem && (
          <span className="members-page__reason">
            <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {toolbar.robotProblem}
          </span>
        )}
      </span>
    </div>
  );
}
