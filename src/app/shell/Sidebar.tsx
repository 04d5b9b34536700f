import { lazy, Suspense, type Ref } from 'react';
import { GroupChooser } from './GroupChooser';
import { GroupMenu } from './GroupMenu';
import { ReloadLogoButton } from './ReloadLogoButton';
import { RobotStatus } from './RobotStatus';
import type { ShellProps } from './types';
import { UserMenu } from './UserMenu';

/** Staff-only controls load for supervisors alone, not with every admin's pages. */
const SupervisorControls = lazy(async () => ({ default: (await import('./SupervisorControls')).SupervisorControls }));

export type SidebarProps = Pick<
  ShellProps,
  'user' | 'groups' | 'currentGroup' | 'robot' | 'features' | 'issueCompanionToken' | 'onReloadApp' | 'onOpenLab' | 'signInAsTools'
> & {
  /** Closes the sidebar where it is a drawer (narrow screens). */
  onClose(): void;
  closeButtonRef: Ref<HTMLButtonElement>;
};

/** Everything in the sidebar, top to bottom: logo, robot, group chooser, group menu, supervisor controls, user menu. */
export function Sidebar({ user, groups, currentGroup, robot, features, issueCompanionToken, onReloadApp, onOpenLab, signInAsTools, onClose, closeButtonRef }: SidebarProps) {
  return (
    <>
      <div className="sidebar__top">
        <div className="sidebar__brand-row">
          <ReloadLogoButton onReloadApp={onReloadApp} />
          <button ref={closeButtonRef} type="button" className="sidebar__close" aria-label="Close the menu" onClick={onClose}>
            <span className="pi pi-times" aria-hidden="true" />
          </button>
        </div>
        <RobotStatus robot={robot} />
      </div>
      <div className="sidebar__chooser">
        <GroupChooser groups={groups} currentGroup={currentGroup} />
      </div>
      <div className="sidebar__scroll">{currentGroup && <GroupMenu group={currentGroup} user={user} />}</div>
      <div className="sidebar__bottom">
        {user.is_supervisor && (
          <Suspense fallback={null}>
            <SupervisorControls labEnabled={features.lab} onOpenLab={onOpenLab} signInAsTools={signInAsTools} />
          </Suspense>
        )}
        <UserMenu user={user} features={features} issueCompanionToken={issueCompanionToken} />
      </div>
    </>
  );
}
