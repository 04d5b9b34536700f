import type { RouteObject } from 'react-router-dom';
import { createSavedRoute } from '../../features/onboarding/savedRoute';
import type { AppDeps } from '../appDeps';
import { createOnboardingStepLoader } from '../loaders/signedInLoaders';
import { lazyElement } from './pages';

/**
 * /onboarding and /onboarding/:step: one wizard for every step, so it keeps its progress while the
 * address moves between steps. The step loaders guard the session and send unknown steps to the first.
 */
export function onboardingRoutes(deps: AppDeps): RouteObject {
  return {
    id: 'onboarding',
    path: 'onboarding',
    ...lazyElement('onboarding', ({ OnboardingRoute }) => (
      <OnboardingRoute
        api={deps.api}
        robot={deps.robot}
        session={deps.session}
        savedRoute={createSavedRoute(window.localStorage)}
      />
    )),
    children: [
      { index: true, loader: createOnboardingStepLoader(deps), element: null },
      { path: ':step', loader: createOnboardingStepLoader(deps), element: null },
    ],
  };
}
