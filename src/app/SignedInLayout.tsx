import { Outlet, useLoaderData, useMatches, useNavigation, useRevalidator, useRouteLoaderData } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import { accessToken, currentUser, isSwitchedToUser } from '../../machines/session/selectors';
import { robotIndicator } from '../robot/indicator';
import type { GroupRouteData } from './loaders/groupLoaders';
import type { SignedInData } from './loaders/signedInLoaders';
import type { SessionActor } from './sessionActor';
import { AppShell } from './shell/AppShell';
import { shellFeatures } from './shellFeatures';

/** Route handles that change the shell. */
export interface ShellRouteHandle {
  /** Pages that must stay usable while the group is locked (purchase, change card). */
  unlockContent?: boolean;
}

export const GROUP_ROUTE_ID = 'group';

export interface SignedInLayoutProps {
  session: SessionActor;
  reloadApp(): void;
}

/** Every signed-in page, inside the shell: the session's user, their groups, the route's group. */
export function SignedInLayout({ session, reloadApp }: SignedInLayoutProps) {
  const { groups, status } = useLoaderData() as SignedInData;
  const groupRoute = useRouteLoaderData(GROUP_ROUTE_ID) as GroupRouteData | undefined;
  const unlockContent = useMatches().some((match) => (match.handle as ShellRouteHandle | undefined)?.unlockContent);
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const user = useSelector(session, currentUser);
  const token = useSelector(session, accessToken);
  const switched = useSelector(session, isSwitchedToUser);
  // Between a forced logout and the login page the user is gone; the shell has nobody to show.
  if (!user || !token) return null;
  return (
    <AppShell
      user={user}
      groups={groups}
      currentGroup={groupRoute?.group}
      robot={robotIndicator(status)}
      features={shellFeatures(status)}
      switched={switched}
      loading={navigation.state !== 'idle' || revalidator.state === 'loading'}
      accessToken={token}
      onReloadApp={reloadApp}
      onBackToAdmin={() => session.send({ type: 'session.switchBack' })}
      unlockContent={unlockContent}
    >
      <Outlet />
    </AppShell>
  );
}
