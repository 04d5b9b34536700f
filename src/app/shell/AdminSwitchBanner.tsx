import type { CSSProperties } from 'react';
import './adminSwitchBanner.css';

/** The banner flips its colour this often so a supervisor does not forget whose account they act in (part 1 §9). */
export const ADMIN_BANNER_BLINK_MS = 700;

export interface AdminSwitchBannerProps {
  userName: string;
  onBackToAdmin(): void;
}

/** Shown while a supervisor acts as another user; blinks unless the user prefers reduced motion. */
export function AdminSwitchBanner({ userName, onBackToAdmin }: AdminSwitchBannerProps) {
  const blink = { '--admin-banner-blink-ms': `${ADMIN_BANNER_BLINK_MS}ms` } as CSSProperties;
  return (
    <section className="admin-switch-banner" aria-label="Admin switch" style={blink}>
      <span className="admin-switch-banner__icon pi pi-exclamation-triangle" aria-hidden="true" />
      <p className="admin-switch-banner__text">{`Be careful, all your actions will be performed on behalf of ${userName}!`}</p>
      <button type="button" className="admin-switch-banner__back" onClick={onBackToAdmin}>
        <span className="pi pi-arrow-left" aria-hidden="true" />
        Back to admin account
      </button>
    </section>
  );
}
