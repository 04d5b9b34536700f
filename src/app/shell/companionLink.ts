import type { ApiClient } from '../../api/client';

/**
 * The single sign-on link into the companion product (part 1 §7): its token route, with the page
 * to come back to and, when given, where in the companion product to land.
 */
export function companionLink(companionUrl: string, token: string, backUrl: string, redirect?: string): string {
  const base = companionUrl.replace(/\/+$/, '');
  const query = new URLSearchParams({ back_url: backUrl, ...(redirect ? { redirect } : {}) });
  return `${base}/auth/token/${encodeURIComponent(token)}?${query}`;
}

export interface OpenCompanionOptions {
  companionUrl: string;
  backUrl: string;
  redirect?: string;
  /** A fresh single-use token (POST /session/companion_token): the session token never leaves for the companion product. */
  issueToken(): Promise<string>;
  open(url: string): void;
}

/** Asks for a new token at the moment the user follows the link, then opens the companion product with it. */
export async function openCompanion({ companionUrl, backUrl, redirect, issueToken, open }: OpenCompanionOptions): Promise<void> {
  open(companionLink(companionUrl, await issueToken(), backUrl, redirect));
}

/** POST /session/companion_token: a token good for one sign-in at the companion product within a minute. */
export async function requestCompanionToken(api: ApiClient): Promise<string> {
  const { data, error } = await api.POST('/session/companion_token');
  if (error || !data) throw new Error(error?.error.message ?? 'The companion-product token could not be issued');
  return data.token;
}
