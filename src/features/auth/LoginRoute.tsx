import { useLoaderData, useNavigate, useSearchParams } from 'react-router-dom';
import { isLoginFailure } from '../../app/routes';
import type { SessionActor } from '../../../machines/session/actorRef';
import type { FacebookWindow } from '../../identity/facebookIdentity';
import { LoginScreen, type LoginData } from './LoginScreen';

export type { LoginData };

export interface LoginRouteProps {
  session: SessionActor;
  identityPage: FacebookWindow;
  facebookAppId: string | null;
}

/** The login page inside the app's router: its loader's status, the address's failure flag, the router's navigation. */
export function LoginRoute(props: LoginRouteProps) {
  const data = useLoaderData() as LoginData;
  const [search] = useSearchParams();
  const navigate = useNavigate();
  return <LoginScreen {...data} {...props} failed={isLoginFailure(search)} navigate={(to) => void navigate(to)} />;
}
