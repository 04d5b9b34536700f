import { Link } from 'react-router-dom';

export interface SupervisorControlsProps {
  labEnabled: boolean;
  onOpenLab?(): void;
}

/** Staff-only shortcuts (part 2 §2): the supervisor area, and the lab when its feature flag is on. */
export function SupervisorControls({ labEnabled, onOpenLab }: SupervisorControlsProps) {
  return (
    <div className="supervisor-controls">
      <Link to="/superadmin" className="supervisor-controls__button supervisor-controls__button--supervisor">
        <span className="pi pi-exclamation-triangle" aria-hidden="true" />
        Supervisor
      </Link>
      {labEnabled && (
        <button type="button" className="supervisor-controls__button" onClick={onOpenLab}>
          <span className="pi pi-wrench" aria-hidden="true" />
          Lab
        </button>
      )}
    </div>
  );
}
