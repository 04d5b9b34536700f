import { canSignIn, hasAcceptedTerms, isSigningIn, type SessionSnapshot } from '../../../machines/session/selectors';
import type { LoginPageProps } from './LoginPage';

/** The login page's flags from the session, with the social network's login popup possibly still open. */
export function loginPageState(
  snapshot: SessionSnapshot,
  identifying: boolean,
): Pick<LoginPageProps, 'termsAccepted' | 'canSignIn' | 'signingIn'> {
  return {
    termsAccepted: hasAcceptedTerms(snapshot),
    canSignIn: canSignIn(snapshot) && !identifying,
    signingIn: identifying || isSigningIn(snapshot),
  };
}
