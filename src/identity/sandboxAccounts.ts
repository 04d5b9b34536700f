import type { ApiClient } from '../api/client';
import type { components } from '../api/schema';
import { failureReason } from '../api/failureReason';

export type SandboxAccount = components['schemas']['SandboxAccount'];

export type SandboxAccountsResult = { kind: 'loaded'; accounts: SandboxAccount[] } | { kind: 'failed'; reason: string };
export type SandboxTokenResult = { kind: 'token'; facebookToken: string } | { kind: 'failed'; reason: string };

/** GET /sandbox/accounts: the people one can sign in as. */
export async function listSandboxAccounts(api: ApiClient, signal?: AbortSignal): Promise<SandboxAccountsResult> {
  try {
    const { data, error, response } = await api.GET('/sandbox/accounts', { signal });
    return data ? { kind: 'loaded', accounts: data.accounts } : { kind: 'failed', reason: failureReason(error, response) };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { kind: 'failed', reason: failureReason(error, undefined) };
  }
}

/** POST /sandbox/sign_in: the sandbox social network's token for one account, to pass on to POST /session. */
export async function sandboxFacebookToken(api: ApiClient, accountId: string): Promise<SandboxTokenResult> {
  try {
    const { data, error, response } = await api.POST('/sandbox/sign_in', { body: { account_id: accountId } });
    return data ? { kind: 'token', facebookToken: data.facebook_token } : { kind: 'failed', reason: failureReason(error, response) };
  } catch (error) {
    return { kind: 'failed', reason: failureReason(error, undefined) };
  }
}
