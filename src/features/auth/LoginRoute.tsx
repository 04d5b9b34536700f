import { useEffect, useMemo, useState } from 'react';
import { useLoaderData, useNavigate, useSearchParams } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import { isLoginFailure, pathTo } from '../../app/routes';
import type { SessionActor } from '../../../machines/session/actorRef';
import { chooseIdentity } from '../../identity/chooseIdentity';
import type { FacebookWindow } from '../../identity/facebookIdentity';
import { LoginPage } from './LoginPage';
import { loginPageState } from './loginPageState';

/** What the login route's loader reads from GET /status. */
export interface LoginData {
  loginDisabled: boolean;
  sandbox: boolean;
}

export interface LoginRouteProps {
  session: SessionActor;
  identityPage: FacebookWindow;
  facebookAppId: string | null;
}

export function LoginRoute({ session, identityPage, facebookAppId }: LoginRouteProps) {
  const { loginDisabled, sandbox } = useLoaderData() as LoginData;
  const [search] = useSearchParams();
  const navigate = useNavigate();
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
    else if (outcome.kind === 'redirect') void navigate(outcome.to);
    else void navigate(`${pathTo('login')}?success=false`);
  };

  return (
    <LoginPage
      loginDisabled={loginDisabled}
      failed={isLoginFailure(search)}
      {...loginPageState(snapshot, identifying)}
      onTermsChange={(accepted) => session.send({ type: 'session.termsChanged', accepted })}
      onSignIn={() => void signIn()}
    />
  );
}
