import type { RouteObject } from 'react-router-dom';
import { SupportRoute } from '../../features/support/SupportRoute';
import { WelcomeRoute } from '../../features/welcome/WelcomeRoute';
import type { AppDeps } from '../appDeps';
import {
  createAffiliatesLoader,
  createHomeLoader,
  createOnboardingStepLoader,
  createSignedInLoader,
  createWelcomeLoader,
} from '../loaders/signedInLoaders';
import { RouteErrorElement } from '../RouteErrorElement';
import { ONBOARDING_STEPS, type OnboardingStep } from '../routes';
import { SignedInLayout, type ShellRouteHandle } from '../SignedInLayout';
import { groupRoutes } from './groupRoutes';
import { pendingRoute } from './pendingRoute';
import { superadminRoutes } from './superadminRoutes';

const ONBOARDING_STEP_TITLES: Record<OnboardingStep, string> = {
  extension: 'Install Extension',
  groups: 'Scan Groups',
  choose: 'Select Group',
  ownership: 'Confirm Permissions',
  members: 'Scan Members',
  engagements: 'Scan Engagements',
  complete: 'Onboarding Complete',
};

const unlocked: ShellRouteHandle = { unlockContent: true };

/** Every page of a signed-in, not banned user, inside the shell. */
export function signedInRoutes(deps: AppDeps): RouteObject {
  return {
    id: 'signed_in',
    ...createSignedInLoader(deps),
    element: <SignedInLayout api={deps.api} session={deps.session} robot={deps.robotActor} reloadApp={deps.reloadApp} />,
    errorElement: <RouteErrorElement standalone />,
    children: [
      {
        errorElement: <RouteErrorElement />,
        children: [
          { id: 'home', index: true, loader: createHomeLoader(deps), element: null },
          { id: 'welcome', path: 'welcome', loader: createWelcomeLoader(deps), shouldRevalidate: () => false, element: <WelcomeRoute /> },
          { id: 'support', path: 'support', element: <SupportRoute api={deps.api} session={deps.session} /> },
          pendingRoute({ id: 'user', path: 'user', title: 'Your account' }),
          pendingRoute({ id: 'affiliates', path: 'affiliates', loader: createAffiliatesLoader(deps), title: 'Affiliate Program' }),
          pendingRoute({ id: 'change_card', path: 'change_card', handle: unlocked, title: 'Change card' }),
          {
            id: 'onboarding',
            path: 'onboarding',
            children: [
              { index: true, loader: createOnboardingStepLoader(deps), element: null },
              ...ONBOARDING_STEPS.map((step) =>
                pendingRoute({ id: `onboarding_${step}`, path: step, title: ONBOARDING_STEP_TITLES[step] }),
              ),
              { path: ':step', loader: createOnboardingStepLoader(deps), element: null },
            ],
          },
          superadminRoutes(deps),
          groupRoutes(deps),
        ],
      },
    ],
  };
}
