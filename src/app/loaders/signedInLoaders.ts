import { redirect, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router-dom';
import { groupAwaitingFirstScan } from '../../../machines/onboarding/steps';
import { accessToken } from '../../../machines/session/selectors';
import type { AppDeps } from '../appDeps';
import { affiliatesRedirect, homeRedirect, onboardingStepRedirect, welcomeRedirect } from '../guards';
import { markWelcomeSeen } from './markWelcomeSeen';
import { guardAccess, guardUserWithGroups, signedIn } from './sessionGate';
import { fetchStatus, type Status } from './serverStatus';
import type { Group } from '../../api/groupsSource';
import type { WelcomeData } from '../../features/welcome/WelcomeRoute';

export interface SignedInData {
  groups: Group[];
  status: Status;
}

/**
 * The loader of a route whose data belongs to one session, and its revalidation rule: it loads
 * again when the session token changed since (a supervisor switched user or back). A loader whose
 * data does not depend on the address's search (`ignoresSearch`) does not load again when only
 * the search changed, so a page's filters do not reload the layouts around it.
 */
export function boundToSession<Data>(
  { session }: AppDeps,
  loader: (args: LoaderFunctionArgs) => Promise<Data>,
  { ignoresSearch = false }: { ignoresSearch?: boolean } = {},
) {
  let loadedFor: string | null = null;
  return {
    loader: async (args: LoaderFunctionArgs) => {
      const token = accessToken(session.getSnapshot());
      const data = await loader(args);
      loadedFor = token;
      return data;
    },
    shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) => {
      if (accessToken(session.getSnapshot()) !== loadedFor) return true;
      const onlySearchChanged = currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search;
      return defaultShouldRevalidate && !(ignoresSearch && onlySearchChanged);
    },
  };
}

/** The layout of every signed-in page: its groups and the status features the shell shows. */
export function createSignedInLoader(deps: AppDeps) {
  return boundToSession(deps, async ({ request }): Promise<SignedInData> => {
    const [{ groups }, status] = await Promise.all([guardUserWithGroups(deps.session, deps.groups, request.signal), fetchStatus(deps.api, request.signal)]);
    return { groups, status };
  }, { ignoresSearch: true });
}

/**
 * Home opens the welcome page once, then the current or first group, else onboarding. A group an
 * unfinished onboarding connected is not opened before its first members scan: it has nothing to show yet.
 */
export function createHomeLoader({ session, groups, currentGroup }: AppDeps) {
  return async ({ request }: LoaderFunctionArgs) => {
    const { user, groups: userGroups } = await guardUserWithGroups(session, groups, request.signal);
    const awaitingScan = groupAwaitingFirstScan(user.flags);
    const choosable = userGroups.filter((group) => group.id !== awaitingScan);
    throw redirect(homeRedirect({ user, groups: choosable, rememberedFbGroupId: currentGroup.read(user.id) }));
  };
}

export function createWelcomeLoader({ api, session }: AppDeps) {
  return async ({ request }: LoaderFunctionArgs): Promise<WelcomeData> => {
    const { user } = signedIn(await guardAccess(session, 'user', request.signal));
    const to = welcomeRedirect(user);
    if (to) throw redirect(to);
    session.send({ type: 'session.userUpdated', user: await markWelcomeSeen(api, user) });
    return { firstName: user.first_name ?? user.name };
  };
}

export function createAffiliatesLoader({ api, session }: AppDeps) {
  return async ({ request }: LoaderFunctionArgs) => {
    await guardAccess(session, 'user', request.signal);
    const to = affiliatesRedirect((await fetchStatus(api, request.signal)).features);
    if (to) throw redirect(to);
    return null;
  };
}

export function createSupervisorLoader({ session }: AppDeps) {
  return async ({ request }: LoaderFunctionArgs) => {
    await guardAccess(session, 'supervisor', request.signal);
    return null;
  };
}

export function createOnboardingStepLoader({ session }: AppDeps) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    await guardAccess(session, 'user', request.signal);
    const to = onboardingStepRedirect(params.step);
    if (to) throw redirect(to);
    return null;
  };
}
