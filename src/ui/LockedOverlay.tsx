import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import '../styles/locked-overlay.css';

/** Why content is blocked: the group is locked, or the feature needs a paid plan. */
export type LockReason = 'groupLocked' | 'freePlan';

interface LockNotice {
  icon: string;
  title: string;
  message: string;
  action: string;
}

const NOTICES: Record<LockReason, LockNotice> = {
  groupLocked: {
    icon: 'pi-lock',
    title: 'Account is locked',
    message: "This group's subscription is not active, so its members, posts and logs are blocked.",
    action: 'Subscribe to unlock',
  },
  freePlan: {
    icon: 'pi-star',
    title: 'Not available on Free plan',
    message: 'Upgrade to PRO to unlock this feature!',
    action: 'Upgrade to PRO',
  },
};

export interface LockedOverlayProps {
  /** Why the content is blocked; null shows it as usual. */
  lock: LockReason | null;
  /** Where the call to action leads: the group's purchase page. */
  purchasePath: string;
  /** Replaces the standard text of the reason, e.g. 'Upgrade to PRO to unlock Connections!'. */
  message?: string;
  children: ReactNode;
}

/**
 * Blocks its content while locked: the content is blurred and inert (no focus, no clicks, hidden
 * from assistive technology) and a notice with a call to action sits on top of it.
 */
export function LockedOverlay({ lock, purchasePath, message, children }: LockedOverlayProps) {
  const titleId = useId();
  const notice = lock ? NOTICES[lock] : null;
  return (
    <div className={notice ? 'locked-overlay locked-overlay--locked' : 'locked-overlay'}>
      <div className="locked-overlay__content" inert={notice !== null}>
        {children}
      </div>
      {notice && (
        <div className="locked-overlay__veil">
          <section className="locked-overlay__notice" aria-labelledby={titleId}>
            <span className={`locked-overlay__icon pi ${notice.icon}`} aria-hidden="true" />
            <h2 id={titleId} className="locked-overlay__title">
              {notice.title}
            </h2>
            <p className="locked-overlay__message">{message ?? notice.message}</p>
            <Link className="p-button p-component locked-overlay__action" to={purchasePath}>
              {notice.action}
            </Link>
          </section>
        </div>
      )}
    </div>
  );
}
