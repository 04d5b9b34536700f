import { useEffect, useState } from 'react';
import { useSelector } from '@xstate/react';
import type { ApiClient } from '../../api/client';
import type { SessionActor } from '../../../machines/session/actorRef';
import { currentUser } from '../../../machines/session/selectors';
import { loadAccountAffiliate, type AccountAffiliate } from './accountAffiliate';
import { AccountView } from './AccountView';
import { cancellationRequestPath } from './cancellationRequest';

export interface AccountRouteProps {
  api: ApiClient;
  session: SessionActor;
}

/** The social network's profile page of a user, by username or else by id. */
function profileUrlOf(user: { fb_username: string | null; fb_user_id: string | null }): string | null {
  const handle = user.fb_username ?? user.fb_user_id;
  return handle ? `https://www.facebook.com/${encodeURIComponent(handle)}` : null;
}

export function AccountRoute({ api, session }: AccountRouteProps) {
  const user = useSelector(session, currentUser);
  const joined = user?.tapfiliate_id != null;
  const [affiliate, setAffiliate] = useState<AccountAffiliate>({ kind: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setAffiliate({ kind: 'loading' });
    void loadAccountAffiliate(api, joined, controller.signal).then((loaded) => {
      if (!controller.signal.aborted) setAffiliate(loaded);
    });
    return () => controller.abort();
  }, [api, joined]);
  if (!user) return null;
  return (
    <AccountView
      profile={{ name: user.name, email: user.email, socialId: user.fb_user_id, profileUrl: profileUrlOf(user) }}
      affiliate={affiliate}
      card={user.card_exists && user.card_brand && user.card_last4 ? { brand: user.card_brand, last4: user.card_last4 } : null}
      cancellationPath={cancellationRequestPath()}
    />
  );
}
