import { lazy, Suspense, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Outlet, useLoaderData, useLocation, useMatches, useNavigation, useRevalidator, useRouteLoaderData } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import { accessToken, currentUser, isSwitchedToUser } from '../../machines/session/selectors';
import { groupJobStatus, robotIndicator } from '../../machines/robot/selectors';
import type { GroupRouteData } from './loaders/groupLoaders';
import type { SignedInData } from './loaders/signedInLoaders';
import type { ApiClient } from '../api/client';
import type { GroupsStore } from '../api/groupsSource';
import type { CurrentGroupMemory } from './currentGroupMemory';
import { sidebarGroup } from './sidebarGroup';
import type { RobotActor } from '../../machines/robot/actorRef';
import type { SessionActor } from './sessionActor';
import { GROUP_ROUTE_ID } from './routes';
import { createSignInAsTools } from './signInAsTools';
import { rememberRouteBeforeOnboarding } from '../features/onboarding/savedRoute';
import { AppShell } from './shell/AppShell';
import { requestCompanionToken } from './shell/companionLink';
import { JobStatusNotice } from './shell/JobStatusNotice';
import type { GroupJobStatus, RobotIndicator } from './shell/types';
import { shellFeatures } from './shellFeatures';
import { pages } from './routeTree/pages';

/** The supervisor's lab loads the first time it is opened, not with every signed-in page. */
const LabModal = lazy(async () => ({ default: (await pages.lab()).LabModal }));

/** Route handles that change the shell. */
export interface ShellRouteHandle {
  /** Pages that must stay usable while the group is locked (purchase, change card). */
  unlockContent?: boolean;
}

export interface SignedInLayoutProps {
  api: ApiClient;
  session: SessionActor;
  /** The user's groups: the shell shows each newer list (limits change with moves, removals and robot reports). */
  groups: GroupsStore;
  currentGroup: CurrentGroupMemory;
  robot: RobotActor;
  reloadApp(): void;
}

function sameIndicator(a: RobotIndicator, b: RobotIndicator): boolean {
  const sameNextRun = a.nextRun === b.nextRun || (a.nextRun !== null && b.nextRun !== null && a.nextRun.job === b.nextRun.job && a.nextRun.groupName === b.nextRun.groupName && a.nextRun.at === b.nextRun.at);
  return a.presence === b.presence && a.version === b.version && sameNextRun;
}

function sameJobStatus(a: GroupJobStatus | null, b: GroupJobStatus | null): boolean {
  return a === b || (a !== null && b !== null && a.name === b.name && a.done === b.done && a.total === b.total);
}

/**
 * Every signed-in page, inside the shell: the session's user, their groups as last loaded, the
 * group the sidebar shows, the robot's state, and over a group's pages the robot job running for that group.
 */
export function SignedInLayout({ api, session, groups: groupsStore, currentGroup: currentGroupMemory, robot, reloadApp }: SignedInLayoutProps) {
  const { groups: loadedGroups, status } = useLoaderData() as SignedInData;
  const groups = useSyncExternalStore(groupsStore.subscribe, () => groupsStore.current() ?? loadedGroups);
  const groupRoute = useRouteLoaderData(GROUP_ROUTE_ID) as GroupRouteData | undefined;
  const unlockContent = useMatches().some((match) => (match.handle as ShellRouteHandle | undefined)?.unlockContent);
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const user = useSelector(session, currentUser);
  const token = useSelector(session, accessToken);
  const switched = useSelector(session, isSwitchedToUser);
  const robotLine = useSelector(robot, robotIndicator, sameIndicator);
  const currentGroupId = groupRoute?.group.id ?? null;
  const groupJob = useSelector(robot, (snapshot) => (currentGroupId === null ? null : groupJobStatus(snapshot, currentGroupId)), sameJobStatus);
  const location = useLocation();
  const currentUrl = `${location.pathname}${location.search}`;
  useEffect(() => rememberRouteBeforeOnboarding(window.localStorage, currentUrl), [currentUrl]);
  const issueCompanionToken = useMemo(() => () => requestCompanionToken(api), [api]);
  const signInAsTools = useMemo(() => createSignInAsTools(api, session, () => currentUrl), [api, session, currentUrl]);
  /** Whether the lab is shown; null until a supervisor first opens it. */
  const [labShown, showLab] = useState<boolean | null>(null);
  // Between a forced logout and the login page the user is gone; the shell has nobody to show.
  if (!user || !token) return null;
  const shownGroup = sidebarGroup({
    groups,
    routeGroup: groupRoute?.group,
    pendingPath: navigation.location?.pathname,
    rememberedFbGroupId: currentGroupMemory.read(user.id),
  });
  return (
    <AppShell
      user={user}
      groups={groups}
      currentGroup={shownGroup}
      pageGroup={groupRoute?.group}
      robot={robotLine}
      features={shellFeatures(status)}
      switched={switched}
      loading={navigation.state !== 'idle' || revalidator.state === 'loading'}
      issueCompanionToken={issueCompanionToken}
      onReloadApp={reloadApp}
      onBackToAdmin={() => session.send({ type: 'session.switchBack' })}
      signInAsTools={user.is_supervisor && !switched ? signInAsTools : undefined}
      onOpenLab={user.is_supervisor ? () => showLab(true) : undefined}
      unlockContent={unlockContent}
    >
      {groupRoute && <JobStatusNotice job={groupJob} />}
      <Outlet />
      {labShown !== null && user.is_supervisor && (
        <Suspense fallback={null}>
          <LabModal
            api={api}
            status={status}
            groupId={shownGroup?.id ?? null}
            visible={labShown}
            onHide={() => showLab(false)}
            // A lab action changed data: the groups and the page's data are asked again, so the page shows it.
            onChanged={() => {
              groupsStore.refresh();
              void revalidator.revalidate();
            }}
          />
        </Suspense>
      )}
    </AppShell>
  );
}
