import { fromStoppablePromise } from '../stoppablePromise';
import type { ApiClient } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { answerOf, serverFailureOf } from '../shared/stepFailure';

export type Affiliate = components['schemas']['Affiliate'];
export type UserFlags = components['schemas']['UserFlags'];

type Failed = { kind: 'failed'; message: string };
/** GET /tapfiliate: the user's account, or null until they join. */
export type AffiliateAnswer = { kind: 'loaded'; affiliate: Affiliate | null } | Failed;
/** POST /tapfiliate/enable. */
export type EnableAnswer = { kind: 'enabled'; affiliate: Affiliate } | Failed;

export const fetchAffiliate = fromStoppablePromise<AffiliateAnswer, { api: ApiClient }>(async ({ input, signal }) => {
  const { data, error, response } = await answerOf(() => input.api.GET('/tapfiliate', { signal }));
  if (data) return { kind: 'loaded', affiliate: data.affiliate };
  return { kind: 'failed', message: serverFailureOf(error, response).message };
});

export const enableAffiliate = fromStoppablePromise<EnableAnswer, { api: ApiClient; email: string }>(async ({ input, signal }) => {
  const { data, error, response } = await answerOf(() => input.api.POST('/tapfiliate/enable', { body: { email: input.email.trim() }, signal }));
  if (data?.affiliate) return { kind: 'enabled', affiliate: data.affiliate };
  return { kind: 'failed', message: serverFailureOf(error, response).message };
});

export interface ShareCountInput {
  api: ApiClient;
  count: number;
  /** Told the flags as saved, for the session. */
  onSaved(flags: UserFlags): void;
}

/**
 * POST /flags: one more share of the referral link (count_share_facebook_referral). A count that
 * could not be saved is left: the share itself has happened.
 */
export const countShare = fromStoppablePromise<void, ShareCountInput>(async ({ input, signal }) => {
  const saved = await answerOf(() => input.api.POST('/flags', { body: { flags: { count_share_facebook_referral: input.count } }, signal }));
  if (saved.data) input.onSaved(saved.data.flags);
});
