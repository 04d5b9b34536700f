import type { ApiClient } from '../../api/client';
import { formatUsd } from '../../../rules/prices';

/** The account page's affiliate box: the programme off (no box), not joined, joined with a balance, or not loaded. */
export type AccountAffiliate =
  | { kind: 'loading' }
  | { kind: 'off' }
  | { kind: 'notJoined' }
  | { kind: 'joined'; balance: string }
  | { kind: 'failed' };

/**
 * One call says it all: a joined user's balance (GET /tapfiliate/balance), or whether another may
 * join (GET /tapfiliate). Either answers 404 while the referral programme is off.
 */
export async function loadAccountAffiliate(api: ApiClient, joined: boolean, signal: AbortSignal): Promise<AccountAffiliate> {
  try {
    if (joined) {
      const { data, response } = await api.GET('/tapfiliate/balance', { signal });
      if (data) return { kind: 'joined', balance: formatUsd(data.balance) };
      return response.status === 404 ? { kind: 'off' } : { kind: 'failed' };
    }
    const { data, response } = await api.GET('/tapfiliate', { signal });
    if (data) return data.affiliate ? { kind: 'joined', balance: formatUsd(data.affiliate.balance) } : { kind: 'notJoined' };
    return response.status === 404 ? { kind: 'off' } : { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}
