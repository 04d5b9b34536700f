import { fromStoppablePromise } from '../stoppablePromise';
import type { ApiClient } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { answerOf } from '../shared/stepFailure';
import { failureReason } from '../../src/api/failureReason';
import type { PaidPlan } from '../../rules/prices';
import type { CardEntry, CardFormLoad, CardTokenOutcome } from './cardEntry';
import { PAYMENT_MESSAGES } from './messages';

export type Group = components['schemas']['Group'];
export type User = components['schemas']['User'];
export type SubscriptionResult = components['schemas']['SubscriptionResult'];

/**
 * A payment call's answer: done; refused by the server (it answered: a declined card, a plan the
 * group cannot take, another payment of the group in progress), which ends the attempt; or
 * unanswered (no answer, the server failed, or it is still answering the attempt's first request),
 * after which the same attempt may be sent again with its idempotency key.
 */
export type PaymentAnswer<T> =
  | { kind: 'done'; result: T }
  | { kind: 'refused'; message: string }
  | { kind: 'unanswered'; message: string };

/** The reason a 409 gives in `details.reason`. */
function conflictReason(error: unknown): unknown {
  return (error as { error?: { details?: { reason?: unknown } } } | undefined)?.error?.details?.reason;
}

export async function paymentAnswerOf<T>(call: () => Promise<{ data?: T; error?: unknown; response: Response }>): Promise<PaymentAnswer<T>> {
  const { data, error, response } = await answerOf(call);
  if (data) return { kind: 'done', result: data };
  // The server is still answering the attempt's first request: the same attempt is sent again later, never a new one.
  if (response?.status === 409 && conflictReason(error) === 'idempotency_key_in_progress') {
    return { kind: 'unanswered', message: PAYMENT_MESSAGES.stillProcessing };
  }
  const message = failureReason(error, response);
  return response && response.status < 500 ? { kind: 'refused', message } : { kind: 'unanswered', message };
}

/** The payment processor's script, loaded before the card form shows; a page that shows no card form has nothing to load. */
export const loadCardForm = fromStoppablePromise<CardFormLoad, { card: CardEntry; shown: boolean }>(({ input, signal }) =>
  input.shown ? input.card.load(signal) : Promise.resolve({ kind: 'ready' }),
);

/** The card typed into the form, as a token for the server. */
export const tokenizeCard = fromStoppablePromise<CardTokenOutcome, { card: CardEntry }>(({ input, signal }) => input.card.tokenize(signal));

export interface SubscribeInput {
  api: ApiClient;
  groupId: number;
  plan: PaidPlan;
  /** A new card's token; none when the user's saved card pays. */
  token: string | null;
  idempotencyKey: string;
}

/** POST /groups/{id}/subscription: buys the plan with the saved card or the new card's token. */
export const createSubscription = fromStoppablePromise<PaymentAnswer<SubscriptionResult>, SubscribeInput>(({ input, signal }) =>
  paymentAnswerOf(() =>
    input.api.POST('/groups/{id}/subscription', {
      params: { path: { id: input.groupId }, header: { 'Idempotency-Key': input.idempotencyKey } },
      body: input.token ? { plan: input.plan, token: input.token } : { plan: input.plan },
      signal,
    }),
  ),
);

/** PUT /groups/{id}/subscription: a monthly group moves to annual, paid with the saved card. */
export const upgradeSubscription = fromStoppablePromise<PaymentAnswer<SubscriptionResult>, SubscribeInput>(({ input, signal }) =>
  paymentAnswerOf(() =>
    input.api.PUT('/groups/{id}/subscription', {
      params: { path: { id: input.groupId }, header: { 'Idempotency-Key': input.idempotencyKey } },
      body: { plan: 'annual' },
      signal,
    }),
  ),
);

/** POST /groups/{id}/flags: the payment terms were ticked. Nothing waits for it; a failed save leaves the page as it is. */
export const saveTermsAccepted = fromStoppablePromise<void, { api: ApiClient; groupId: number }>(async ({ input }) => {
  await answerOf(() => input.api.POST('/groups/{id}/flags', { params: { path: { id: input.groupId } }, body: { flags: { checkbox_payment_terms_accept: true } } }));
});

/** After a purchase: the user again (GET /session), for their saved card; null when it cannot be read, which the reload after /thanks mends. */
export const reloadUser = fromStoppablePromise<User | null, { api: ApiClient }>(async ({ input, signal }) => {
  const { data } = await answerOf(() => input.api.GET('/session', { signal }));
  return data?.user ?? null;
});
