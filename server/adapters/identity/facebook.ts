import { fetchJson, UPSTREAM_TIMEOUT_MS } from '../upstream';
import type { IdentityProvider, VerifiedIdentity } from './identity-provider';

export const DEFAULT_FACEBOOK_GRAPH_URL = 'https://graph.facebook.com/v19.0';

export interface FacebookIdentityOptions {
  appId?: string;
  appSecret?: string;
  graphUrl: string;
  timeoutMs?: number;
}

interface DebugTokenAnswer {
  data?: { is_valid?: boolean; app_id?: string; user_id?: string };
}

interface MeAnswer {
  id?: string;
  name?: string;
  first_name?: string;
  last_name?: string;
  email?: string;
  picture?: { data?: { url?: string } };
}

/**
 * A Graph API answer; `undefined` when the network refused the request itself (4xx). No answer in
 * time, a server error or an unreadable answer is an UpstreamError.
 */
async function askGraph<T>(url: string, timeoutMs: number): Promise<T | undefined> {
  const { status, json } = await fetchJson('sign_in', url, { headers: { accept: 'application/json' }, timeoutMs });
  return status >= 400 ? undefined : (json as T);
}

/**
 * Real sign-in: the token must be valid and issued to our app (debug_token with the app's
 * credentials), then /me tells who it belongs to.
 */
export function createFacebookIdentity(options: FacebookIdentityOptions): IdentityProvider {
  const graphUrl = options.graphUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? UPSTREAM_TIMEOUT_MS;
  return {
    async verify(token) {
      const { appId, appSecret } = options;
      if (!appId || !appSecret) throw new Error('Facebook sign-in needs FACEBOOK_APP_ID and FACEBOOK_APP_SECRET');
      const debugQuery = new URLSearchParams({ input_token: token, access_token: `${appId}|${appSecret}` });
      const debug = await askGraph<DebugTokenAnswer>(`${graphUrl}/debug_token?${debugQuery}`, timeoutMs);
      if (!debug) throw new Error('The Graph API refused to inspect the token: check FACEBOOK_APP_ID and FACEBOOK_APP_SECRET');
      if (debug.data?.is_valid !== true || String(debug.data.app_id) !== appId || !debug.data.user_id) return null;

      const meQuery = new URLSearchParams({ fields: 'id,name,first_name,last_name,email,picture', access_token: token });
      const me = await askGraph<MeAnswer>(`${graphUrl}/me?${meQuery}`, timeoutMs);
      if (!me?.id || !me.name || String(me.id) !== String(debug.data.user_id)) return null;
      return identityOf(me as MeAnswer & { id: string; name: string });
    },
  };
}

function identityOf(me: MeAnswer & { id: string; name: string }): VerifiedIdentity {
  const id = String(me.id);
  return {
    // The Graph API only tells the app-scoped id; it is also the best profile id known at sign-in.
    fb_user_id: id,
    fb_auth_user_id: id,
    name: me.name,
    first_name: me.first_name ?? null,
    last_name: me.last_name ?? null,
    email: me.email ?? null,
    avatar_url: me.picture?.data?.url ?? null,
  };
}
