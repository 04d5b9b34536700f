import { useState } from 'react';
import { Link } from 'react-router-dom';
import { SignInAsDialog } from './SignInAsDialog';
import type { SignInAsTools } from './types';

export interface SupervisorControlsProps {
  labEnabled: boolean;
  onOpenLab?(): void;
  signInAsTools?: SignInAsTools;
}

/**
 * Staff-only shortcuts (part 2 §2): the supervisor area, signing in as another user, and the lab
 * when its feature flag is on and the lab can be opened.
 */
export function SupervisorControls({ labEnabled, onOpenLab, signInAsTools }: SupervisorControlsProps) {
  const [signInAsOpen, setSignInAsOpen] = useState(false);
  return (
    <div className="supervisor-controls">
      <Link to="/superadmin" className="supervisor-controls__button supervisor-controls__button--supervisor">
        <span className="pi pi-exclamation-triangle" aria-hidden="true" />
        Supervisor
      </Link>
      {signInAsTools && (
        <>
          <button type="button" className="supervisor-controls__button" onClick={() => setSignInAsOpen(true)}>
            <span className="pi pi-user" aria-hidden="true" />
            Sign in as…
          </button>
          <SignInAsDialog visible={signInAsOpen} tools={signInAsTools} onHide={() => setSignInAsOpen(false)} />
        </>
      )}
      {labEnabled && onOpenLab && (
        <button type="button" className="supervisor-controls__button" onClick={onOpenLab}>
          <span className="pi pi-wrench" aria-hidden="true" />
          Lab
        </button>
      )}
    </div>
  );
}
