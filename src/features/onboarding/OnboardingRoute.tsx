import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams, useRevalidator } from 'react-router-dom';
import { useActorRef } from '@xstate/react';
import type { ApiClient } from '../../api/client';
import { pathTo } from '../../app/routes';
import type { SessionActor } from '../../../machines/session/actorRef';
import type { Robot } from '../../robot/protocol';
import { onboardingMachine } from '../../../machines/onboarding/machine';
import { currentStep } from '../../../machines/onboarding/selectors';
import { ONBOARDING_STEPS, type OnboardingStep } from '../../../machines/onboarding/steps';
import { currentUser } from '../../../machines/session/selectors';
import { destinationPath } from './destinationPath';
import { OnboardingScreen } from './OnboardingScreen';
import type { SavedRoute } from './savedRoute';

export interface OnboardingRouteProps {
  api: ApiClient;
  robot: Robot;
  session: SessionActor;
  savedRoute: SavedRoute;
}

function isStep(step: string | undefined): step is OnboardingStep {
  return (ONBOARDING_STEPS as readonly string[]).includes(step ?? '');
}

/**
 * /onboarding/:step — the wizard, with the router and the session behind its
 * declared actions. The address follows the wizard; an address the user opens (a link, the
 * browser's back button) asks the wizard for that step, and a step that cannot open yet puts the
 * address back on the wizard's step.
 */
export function OnboardingRoute({ api, robot, session, savedRoute }: OnboardingRouteProps) {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const { pathname } = useLocation();
  const requested = useParams().step;
  const shownPath = useRef(pathname);
  shownPath.current = pathname;

  const [machine] = useState(() =>
    onboardingMachine.provide({
      actions: {
        showStep: (_, { step, replace }) => {
          const path = pathTo('onboarding_step', { step });
          if (shownPath.current !== path) navigate(path, { replace });
        },
        // The acquire call already has the user's groups read again (src/api/groupChanges.ts); the route's loaders follow.
        groupsChanged: () => void revalidate(),
        flagsSaved: (_, { flags }) => {
          const user = currentUser(session.getSnapshot());
          if (user) session.send({ type: 'session.userUpdated', user: { ...user, flags } });
        },
        leaveOnboarding: (_, { destination }) => {
          savedRoute.forget();
          navigate(destinationPath(destination));
        },
      },
    }),
  );
  const actor = useActorRef(machine, {
    input: { api, robot, savedRoute: savedRoute.read(), storedProgress: currentUser(session.getSnapshot())?.flags.onboarding_progress },
  });

  useEffect(() => {
    const snapshot = actor.getSnapshot();
    const shown = currentStep(snapshot);
    if (!shown || !isStep(requested) || requested === shown) return;
    if (snapshot.can({ type: 'wizard.open', step: requested })) actor.send({ type: 'wizard.open', step: requested });
    else navigate(pathTo('onboarding_step', { step: shown }), { replace: true });
  }, [actor, navigate, requested]);

  return <OnboardingScreen actor={actor} />;
}
