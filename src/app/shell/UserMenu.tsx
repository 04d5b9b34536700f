import { Link, useHref, useLocation } from 'react-router-dom';
import { EntityAvatar } from '../../ui/EntityAvatar';
import { usePopover } from '../../ui/usePopover';
import { companionLink } from './companionLink';
import type { ShellFeatures, User } from './types';

export interface UserMenuProps {
  user: User;
  features: ShellFeatures;
  accessToken: string;
}

/** The page the user is on, as an absolute URL the companion product can send them back to. */
function useCurrentPageUrl(): string {
  const href = useHref(useLocation());
  return new URL(href, window.location.origin).href;
}

/** The signed-in user; opens their profile, the companion product, help and logout. */
export function UserMenu({ user, features, accessToken }: UserMenuProps) {
  const { close, containerProps, toggleProps, panelProps } = usePopover();
  const backUrl = useCurrentPageUrl();
  const companionHref =
    features.singleSignOn && features.companionUrl ? companionLink(features.companionUrl, accessToken, backUrl) : null;

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
        {companionHref && (
          <li>
            <a href={companionHref} className="user-menu__item" onClick={close}>
              <span className="pi pi-external-link" aria-hidden="true" />
              friendFilter
            </a>
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
