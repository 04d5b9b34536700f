import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import type { SignInAsTools } from './types';

/** The dialog and its typeahead load the first time a supervisor opens it, not with every signed-in page. */
const SignInAsDialog = lazy(async () => ({ default: (await import('./SignInAsDialog')).SignInAsDialog }));

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
  const [signInAsOpened, setSignInAsOpened] = useState(false);
  return (
    <div className="supervisor-controls">
      <Link to="/superadmin" className="supervisor-controls__button supervisor-controls__button--supervisor">
        <span className="pi pi-exclamation-triangle" aria-hidden="true" />
        Supervisor
      </Link>
      {signInAsTools && (
        <>
          <button
            type="button"
            className="supervisor-controls__button"
            onClick={() => {
              setSignInAsOpened(true);
              setSignInAsOpen(true);
            }}
          >
            <span className="pi pi-user" aria-hidden="true" />
            Sign in as…
          </button>
          {signInAsOpened && (
            <Suspense fallback={null}>
              <SignInAsDialog visible={signInAsOpen} tools={signInAsTools} onHide={() => setSignInAsOpen(false)} />
            </Suspense>
          )}
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
