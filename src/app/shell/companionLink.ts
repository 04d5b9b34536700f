import { answerOf } from '../../../machines/shared/stepFailure';
import type { ApiClient } from '../../api/client';
import { failureReason } from '../../api/failureReason';

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

/** The server will not mint a token for this session (a supervisor switched into the user): its message says why. */
export class CompanionTokenRefused extends Error {}

/** POST /session/companion_token: a token good for one sign-in at the companion product within a minute. */
export async function requestCompanionToken(api: ApiClient): Promise<string> {
  const { data, error, response } = await answerOf(() => api.POST('/session/companion_token'));
  if (data) return data.token;
  if (response?.status === 403) throw new CompanionTokenRefused(failureReason(error, response));
  throw new Error(failureReason(error, response));
}
