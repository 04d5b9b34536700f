import { useEffect, useMemo, useState } from 'react';
import { useSelector } from '@xstate/react';
import type { SessionActor } from '../../../machines/session/actorRef';
import { pathTo } from '../../app/routes';
import { chooseIdentity } from '../../identity/chooseIdentity';
import type { FacebookWindow } from '../../identity/facebookIdentity';
import { LoginPage } from './LoginPage';
import { loginPageState } from './loginPageState';

/** What the login page reads from GET /status. */
export interface LoginData {
  loginDisabled: boolean;
  sandbox: boolean;
}

export interface LoginScreenProps extends LoginData {
  /** The last sign-in failed or was cancelled (`success=false` in the address). */
  failed: boolean;
  session: SessionActor;
  identityPage: FacebookWindow;
  facebookAppId: string | null;
  navigate(to: string): void;
}

/**
 * The login page at work: the terms go to the session, the button opens the social network's
 * sign-in (or the sandbox account picker) and hands its token to the session. It needs no router,
 * so a signed-out visitor gets it without the app (src/boot/loginBoot.tsx).
 */
export function LoginScreen({ loginDisabled, sandbox, failed, session, identityPage, facebookAppId, navigate }: LoginScreenProps) {
  const snapshot = useSelector(session, (current) => current);
  const [identifying, setIdentifying] = useState(false);
  const identity = useMemo(() => chooseIdentity(sandbox, identityPage, facebookAppId), [sandbox, identityPage, facebookAppId]);

  useEffect(() => {
    if (!loginDisabled) identity.prepare();
  }, [identity, loginDisabled]);

  const signIn = async () => {
    setIdentifying(true);
    const outcome = await identity.signIn();
    setIdentifying(false);
    if (outcome.kind === 'token') session.send({ type: 'session.signIn', facebookToken: outcome.facebookToken });
    else if (outcome.kind === 'redirect') navigate(outcome.to);
    else navigate(`${pathTo('login')}?success=false`);
  };

  return (
    <LoginPage
      loginDisabled={loginDisabled}
      failed={failed}
      {...loginPageState(snapshot, identifying)}
      onTermsChange={(accepted) => session.send({ type: 'session.termsChanged', accepted })}
      onSignIn={() => void signIn()}
    />
  );
}
