import { useState } from 'react';
import { Link, useHref, useLocation } from 'react-router-dom';
import { EntityAvatar } from '../../ui/EntityAvatar';
import { usePopover } from '../../ui/usePopover';
import { CompanionTokenRefused, openCompanion } from './companionLink';
import './userMenu.css';
import type { ShellFeatures, User } from './types';

export interface UserMenuProps {
  user: User;
  features: ShellFeatures;
  /** A fresh single-use token for the companion product, asked for when its link is followed. */
  issueCompanionToken(): Promise<string>;
  /** Leaves for the companion product (the page's location by default). */
  openUrl?(url: string): void;
}

/** The page the user is on, as an absolute URL the companion product can send them back to. */
function useCurrentPageUrl(): string {
  const href = useHref(useLocation());
  return new URL(href, window.location.origin).href;
}

const COMPANION_UNAVAILABLE = 'friendFilter could not be opened. Please try again.';

/** The signed-in user; opens their profile, the companion product, help and logout. */
export function UserMenu({ user, features, issueCompanionToken, openUrl = (url) => window.location.assign(url) }: UserMenuProps) {
  const { close, containerProps, toggleProps, panelProps } = usePopover();
  const backUrl = useCurrentPageUrl();
  const [companion, setCompanion] = useState<'idle' | 'opening' | { failed: string }>('idle');
  const companionUrl = features.singleSignOn ? features.companionUrl : null;
  const goToCompanion = (url: string) => {
    setCompanion('opening');
    openCompanion({ companionUrl: url, backUrl, issueToken: issueCompanionToken, open: openUrl }).then(
      () => {
        setCompanion('idle');
        close();
      },
      // A refusal says why in the server's words; anything else may pass on a new try.
      (error: unknown) => setCompanion({ failed: error instanceof CompanionTokenRefused ? error.message : COMPANION_UNAVAILABLE }),
    );
  };

  return (
    <div className="user-menu" {...containerProps}>
      <button type="button" className="user-menu__toggle" {...toggleProps}>
        <EntityAvatar name={user.name} imageUrl={user.avatar_url} />
        <span className="user-menu__who">
          <span className="user-menu__name" title={user.name}>
            {user.name}
          </span>
          {user.email && (
            <span className="user-menu__email" title={user.email}>
              {user.email}
            </span>
          )}
        </span>
        <span className="user-menu__chevron pi pi-chevron-up" aria-hidden="true" />
      </button>
      <ul className="user-menu__panel" aria-label="Account" {...panelProps}>
        <li>
          <Link to="/user" className="user-menu__item" onClick={close}>
            <span className="pi pi-user" aria-hidden="true" />
            Profile
          </Link>
        </li>
        {companionUrl && (
          <li>
            <button
              type="button"
              className="user-menu__item"
              disabled={companion === 'opening'}
              aria-busy={companion === 'opening'}
              onClick={() => goToCompanion(companionUrl)}
            >
              <span className={companion === 'opening' ? 'pi pi-spin pi-spinner' : 'pi pi-external-link'} aria-hidden="true" />
              friendFilter
            </button>
            {typeof companion === 'object' && (
              <small className="user-menu__error" role="alert">
                {companion.failed}
              </small>
            )}
          </li>
        )}
        <li>
          <Link to="/support" className="user-menu__item" onClick={close}>
            <span className="pi pi-question-circle" aria-hidden="true" />
            Help &amp; Support
          </Link>
        </li>
        <li className="user-menu__separated">
          <Link to="/logout" className="user-menu__item" onClick={close}>
            <span className="pi pi-sign-out" aria-hidden="true" />
            Logout
          </Link>
        </li>
      </ul>
    </div>
  );
}
