import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { LockedOverlay } from '../../ui/LockedOverlay';
import { ProductLogo } from '../../ui/ProductLogo';
import { TopLoadingBar } from '../../ui/TopLoadingBar';
import { groupPath } from './groupMenuItems';
import { Sidebar } from './Sidebar';
import type { ShellProps } from './types';
import '../../styles/shell.css';

/** Only a supervisor signed in as someone else sees the banner: it loads then, not with every page. */
const AdminSwitchBanner = lazy(async () => ({ default: (await import('./AdminSwitchBanner')).AdminSwitchBanner }));

/** Matches shell.css: from this width on the sidebar stays beside the content instead of being a drawer. */
const WIDE_LAYOUT_QUERY = '(min-width: 900px)';

/**
 * The layout around every signed-in page: the sidebar (a drawer behind a top bar on narrow
 * screens), the admin-switch banner, the loading bar, and the lock over a locked group's pages.
 */
export function AppShell({
  user,
  groups,
  currentGroup,
  pageGroup,
  robot,
  features,
  switched,
  loading,
  issueCompanionToken,
  onReloadApp,
  onBackToAdmin,
  onOpenLab,
  signInAsTools,
  unlockContent = false,
  children,
}: ShellProps) {
  const [navOpen, setNavOpen] = useState(false);
  const sidebarId = useId();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const closeButtonRef = useRef<HTMLButtonElement>(null);
  const mainRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!navOpen) return;
    closeButtonRef.current?.focus();
    const wide = window.matchMedia(WIDE_LAYOUT_QUERY);
    const closeWhenWide = () => {
      if (wide.matches) setNavOpen(false);
    };
    wide.addEventListener('change', closeWhenWide);
    return () => wide.removeEventListener('change', closeWhenWide);
  }, [navOpen]);

  const closeNav = () => {
    setNavOpen(false);
    menuButtonRef.current?.focus();
  };
  const closeNavOnEscape = (event: KeyboardEvent) => {
    if (navOpen && event.key === 'Escape') closeNav();
  };
  const closeNavOnLink = (event: MouseEvent) => {
    if ((event.target as Element).closest('a')) setNavOpen(false);
  };
  const skipToContent = (event: MouseEvent) => {
    event.preventDefault();
    mainRef.current?.focus();
  };

  const locked = Boolean(pageGroup?.is_locked) && !unlockContent;
  return (
    <div className={navOpen ? 'app-shell app-shell--nav-open' : 'app-shell'}>
      <a className="skip-link" href="#main-content" onClick={skipToContent}>
        Skip to content
      </a>
      <TopLoadingBar active={loading} />
      <header className="app-shell__topbar" inert={navOpen}>
        <button
          ref={menuButtonRef}
          type="button"
          className="app-shell__menu-button"
          aria-label="Open the menu"
          aria-expanded={navOpen}
          aria-controls={sidebarId}
          onClick={() => setNavOpen(true)}
        >
          <span className="pi pi-bars" aria-hidden="true" />
        </button>
        <span className="app-shell__topbar-brand">
          <ProductLogo size={28} />
          xFilter
        </span>
        {currentGroup && (
          <span className="app-shell__topbar-group" title={currentGroup.name}>
            {currentGroup.name}
          </span>
        )}
      </header>
      <aside id={sidebarId} className="app-shell__sidebar" aria-label="Sidebar" onKeyDown={closeNavOnEscape} onClick={closeNavOnLink}>
        <Sidebar
          user={user}
          groups={groups}
          currentGroup={currentGroup}
          robot={robot}
          features={features}
          issueCompanionToken={issueCompanionToken}
          onReloadApp={onReloadApp}
          onOpenLab={onOpenLab}
          signInAsTools={signInAsTools}
          onClose={closeNav}
          closeButtonRef={closeButtonRef}
        />
      </aside>
      {navOpen && <div className="app-shell__backdrop" aria-hidden="true" onClick={closeNav} />}
      <div className="app-shell__body" inert={navOpen}>
        {switched && (
          <Suspense fallback={null}>
            <AdminSwitchBanner userName={user.name} onBackToAdmin={onBackToAdmin} />
          </Suspense>
        )}
        <main id="main-content" ref={mainRef} tabIndex={-1} className="app-shell__main">
          <LockedOverlay lock={locked ? 'groupLocked' : null} purchasePath={pageGroup ? groupPath(pageGroup, 'purchase') : '/'}>
            {children}
          </LockedOverlay>
        </main>
      </div>
    </div>
  );
}
