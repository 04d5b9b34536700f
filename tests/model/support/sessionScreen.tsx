import { act, render } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { createActor } from 'xstate';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { ApiClient } from '../../../src/api/client';
import { robotMachine } from '../../../machines/robot/machine';
import type { Robot } from '../../../src/robot/protocol';
import type { AppDeps } from '../../../src/app/appDeps';
import { createGroupsSource } from '../../../src/api/groupsSource';
import { createCurrentGroupMemory } from '../../../src/app/currentGroupMemory';
import { createLogoutLoader } from '../../../src/app/loaders/authLoaders';
import { AppProviders } from '../../../src/app/providers';
import type { SessionActor } from '../../../src/app/sessionActor';
import { SessionSwitchBanner } from '../../../src/app/SessionSwitchBanner';
import { SignedInLayout } from '../../../src/app/SignedInLayout';
import { BannedRoute } from '../../../src/features/auth/BannedRoute';
import { LoginRoute } from '../../../src/features/auth/LoginRoute';
import type { FacebookWindow } from '../../../src/identity/facebookIdentity';
import { statusFixture } from '../../unit/support/sessionFixtures';

export const SUPPORT_EMAIL = 'help@xfilter.test';

/** The shell's own calls (the supervisor's user search) are not part of the session model. */
const shellApi = {} as ApiClient;

/** Nor are the groups: the shell shows the page data's (none), and no group was worked in. */
const shellGroups = createGroupsSource(shellApi);
const noGroupMemory = createCurrentGroupMemory({ getItem: () => null, setItem: () => {} });

/** Nor is the robot: its machine is never started, so the sidebar says it is still looking for one. */
const shellRobot = createActor(robotMachine, { input: { robot: {} as Robot, api: shellApi } });

/** The real view of each session state: the login page, the banned page and the shell, each with the switch banner when switched. */
function SessionScreen({ session, identityPage }: { session: SessionActor; identityPage: FacebookWindow }) {
  const snapshot = useSelector(session, (current) => current);
  if (snapshot.matches('anonymous') || snapshot.matches('signingIn')) {
    return <LoginRoute session={session} identityPage={identityPage} facebookAppId="1234567890" />;
  }
  if (snapshot.matches('banned')) {
    return (
      <>
        <SessionSwitchBanner session={session} />
        <BannedRoute supportEmail={SUPPORT_EMAIL} />
      </>
    );
  }
  if (snapshot.matches('authenticated')) return (
      <SignedInLayout
        api={shellApi}
        session={session}
        groups={shellGroups}
        currentGroup={noGroupMemory}
        robot={shellRobot}
        reloadApp={() => {}}
      />
    );
  return null;
}

/**
 * Mounts the session's views in a router whose one page answers both the login page's and the
 * shell's loader data, plus the real /logout route.
 */
export async function renderSessionScreen(session: SessionActor, identityPage: FacebookWindow) {
  const pageData = { loginDisabled: false, sandbox: false, groups: [], status: statusFixture() };
  const router = createMemoryRouter(
    [
      { path: '/logout', loader: createLogoutLoader({ session } as AppDeps), element: null },
      {
        path: '*',
        loader: () => pageData,
        hydrateFallbackElement: <p>Opening the page…</p>,
        element: <SessionScreen session={session} identityPage={identityPage} />,
      },
    ],
    { initialEntries: ['/auth/login'] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  await act(() => router.navigate('/auth/login'));
  return router;
}
