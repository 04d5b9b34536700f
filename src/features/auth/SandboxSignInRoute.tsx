import { useEffect, useState } from 'react';
import type { ApiClient } from '../../api/client';
import type { SessionActor } from '../../../machines/session/actorRef';
import { listSandboxAccounts, sandboxFacebookToken } from '../../identity/sandboxAccounts';
import { SandboxSignInPage, type SandboxAccountsView } from './SandboxSignInPage';

export interface SandboxSignInRouteProps {
  api: ApiClient;
  session: SessionActor;
}

/** Lists the sandbox accounts; the chosen one's sandbox token signs in like a social-network token would. */
export function SandboxSignInRoute({ api, session }: SandboxSignInRouteProps) {
  const [accounts, setAccounts] = useState<SandboxAccountsView>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [signingInAs, setSigningInAs] = useState<string | null>(null);
  const [signInFailure, setSignInFailure] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setAccounts({ state: 'loading' });
    listSandboxAccounts(api, controller.signal).then(
      (result) => setAccounts(result.kind === 'loaded' ? { state: 'loaded', accounts: result.accounts } : { state: 'failed', reason: result.reason }),
      () => {},
    );
    return () => controller.abort();
  }, [api, attempt]);

  const choose = async (accountId: string) => {
    setSigningInAs(accountId);
    setSignInFailure(null);
    const result = await sandboxFacebookToken(api, accountId);
    if (result.kind === 'token') {
      session.send({ type: 'session.signIn', facebookToken: result.facebookToken });
      return;
    }
    setSigningInAs(null);
    setSignInFailure(`Signing in as this account did not work. ${result.reason}`);
  };

  return (
    <SandboxSignInPage
      accounts={accounts}
      signingInAs={signingInAs}
      signInFailure={signInFailure}
      onChoose={(accountId) => void choose(accountId)}
      onRetry={() => setAttempt((count) => count + 1)}
    />
  );
}
