import type { RouteObject } from 'react-router-dom';
import type { AppDeps } from '../appDeps';
import { boundToSession, createAffiliatesLoader, createHomeLoader, createSignedInLoader, createWelcomeLoader } from '../loaders/signedInLoaders';
import { guardUserWithGroups } from '../loaders/sessionGate';
import { fetchStatus } from '../loaders/serverStatus';
import { RouteErrorElement } from '../RouteErrorElement';
import type { ShellRouteHandle } from '../SignedInLayout';
import { groupRoutes } from './groupRoutes';
import { onboardingRoutes } from './onboardingRoutes';
import { lazyElement, pages } from './pages';
import { superadminRoutes } from './superadminRoutes';

const unlocked: ShellRouteHandle = { unlockContent: true };

/** Every page of a signed-in, not banned user, inside the shell. */
export function signedInRoutes(deps: AppDeps): RouteObject {
  return {
    id: 'signed_in',
    ...createSignedInLoader(deps),
    ...lazyElement('signedInLayout', ({ SignedInLayout }) => (
      <SignedInLayout
        api={deps.api}
        session={deps.session}
        groups={deps.groups}
        currentGroup={deps.currentGroup}
        robot={deps.robotActor}
        reloadApp={deps.reloadApp}
      />
    )),
    errorElement: <RouteErrorElement standalone />,
    children: [
      {
        errorElement: <RouteErrorElement />,
        children: [
          { id: 'home', index: true, loader: createHomeLoader(deps), element: null },
          {
            id: 'welcome',
            path: 'welcome',
            loader: createWelcomeLoader(deps),
            shouldRevalidate: () => false,
            ...lazyElement('welcome', ({ WelcomeRoute }) => <WelcomeRoute />),
          },
          { id: 'support', path: 'support', ...lazyElement('support', ({ SupportRoute }) => <SupportRoute api={deps.api} session={deps.session} />) },
          { id: 'user', path: 'user', ...lazyElement('account', ({ AccountRoute }) => <AccountRoute api={deps.api} session={deps.session} />) },
          {
            id: 'affiliates',
            path: 'affiliates',
            loader: createAffiliatesLoader(deps),
            ...lazyElement('affiliates', ({ AffiliatesRoute }) => <AffiliatesRoute api={deps.api} session={deps.session} groups={deps.groups} />),
          },
          {
            id: 'change_card',
            path: 'change_card',
            handle: unlocked,
            ...boundToSession(deps, async ({ request }) => {
              const [{ user, groups }, status, { cardGroupOf }] = await Promise.all([
                guardUserWithGroups(deps.session, deps.groups, request.signal),
                fetchStatus(deps.api, request.signal),
                pages.changeCardData(),
              ]);
              return { group: cardGroupOf(groups, deps.currentGroup.read(user.id)), status };
            }),
            ...lazyElement('changeCard', ({ ChangeCardRoute }) => <ChangeCardRoute api={deps.api} session={deps.session} />),
          },
          onboardingRoutes(deps),
          superadminRoutes(deps),
          groupRoutes(deps),
        ],
      },
    ],
  };
}
