import { fetchJson, UPSTREAM_TIMEOUT_MS } from '../upstream';
import type { AffiliatesAdapter } from './affiliates-adapter';

export const DEFAULT_TAPFILIATE_API_URL = 'https://api.tapfiliate.com/1.6';

export interface TapfiliateOptions {
  apiKey?: string;
  /** The programme affiliates join. */
  programId?: string;
  apiUrl: string;
  timeoutMs?: number;
}

interface CreatedAffiliate {
  id?: string;
}

interface ProgramAffiliate {
  referral_link?: { link?: string };
}

/** Balances by currency, in currency units: `{ "USD": 89.1 }`. */
type Balances = Record<string, number>;

/** The referral programme over Tapfiliate's REST API (v1.6, authenticated by the account's API key). */
export function createTapfiliateAffiliates(options: TapfiliateOptions): AffiliatesAdapter {
  const apiUrl = options.apiUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? UPSTREAM_TIMEOUT_MS;

  function settings(): { apiKey: string; programId: string } {
    const { apiKey, programId } = options;
    if (!apiKey || !programId) throw new Error('The referral programme needs TAPFILIATE_API_KEY and TAPFILIATE_PROGRAM_ID');
    return { apiKey, programId };
  }

  /** One call's JSON answer. No answer in time, a server error or an unreadable answer is an UpstreamError; a refusal (4xx) is an Error. */
  async function call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const { status, json } = await fetchJson('affiliates', `${apiUrl}${path}`, {
      method,
      timeoutMs,
      headers: {
        'X-Api-Key': settings().apiKey,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (status >= 400) throw new Error(`Tapfiliate answered ${status} to ${method} ${path}: ${JSON.stringify(json).slice(0, 200)}`);
    return json as T;
  }

  async function removeAffiliate(affiliateId: string): Promise<void> {
    await call('DELETE', `/affiliates/${encodeURIComponent(affiliateId)}/`);
  }

  return {
    async createAffiliate(affiliate) {
      const { programId } = settings();
      const created = await call<CreatedAffiliate>('POST', '/affiliates/', {
        firstname: affiliate.firstName,
        lastname: affiliate.lastName,
        email: affiliate.email,
        password: affiliate.password,
      });
      const { id } = created;
      if (!id) throw new Error('Tapfiliate created an affiliate without an id');
      try {
        await call('POST', `/programs/${encodeURIComponent(programId)}/affiliates/`, { affiliate: { id }, approved: true });
      } catch (error) {
        await removeAffiliate(id);
        throw error;
      }
      return { id };
    },
    removeAffiliate,
    async referralLink(affiliateId) {
      const { programId } = settings();
      const joined = await call<ProgramAffiliate>('GET', `/programs/${encodeURIComponent(programId)}/affiliates/${encodeURIComponent(affiliateId)}/`);
      const link = joined.referral_link?.link;
      if (!link) throw new Error(`Tapfiliate has no referral link for affiliate ${affiliateId}`);
      return link;
    },
    async balanceCents(affiliateId) {
      const balances = await call<Balances>('GET', `/affiliates/${encodeURIComponent(affiliateId)}/balances/`);
      const usd = balances.USD;
      return typeof usd === 'number' && Number.isFinite(usd) && usd > 0 ? Math.round(usd * 100) : 0;
    },
  };
}
