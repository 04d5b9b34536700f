import { fromStoppablePromise } from '../stoppablePromise';
import type { ApiClient } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { failureReason } from '../../src/api/failureReason';
import { answerOf } from '../shared/stepFailure';

export type PaymentAccount = components['schemas']['PaymentAccount'];
export type PaymentTask = components['schemas']['PaymentTask'];

export interface AccountCallInput {
  api: ApiClient;
  groupId: number;
}

export interface AccountLoadInput extends AccountCallInput {
  /** The provider sent the browser back because its onboarding link expired. */
  refresh?: boolean;
}

type Failed = { kind: 'failed'; message: string };
/** 409: the group is on the free plan or locked, so it may not have a payment account (spec part 2 §6). */
type Closed = { kind: 'closed'; message: string };

/** GET /groups/{id}/account. */
export type AccountAnswer = { kind: 'loaded'; account: PaymentAccount } | Failed;
/** POST /groups/{id}/account: where the browser continues the provider's onboarding, when it must. */
export type ConnectAnswer = { kind: 'started'; account: PaymentAccount; redirectUrl: string | null } | Closed | Failed;
/** DELETE /groups/{id}/account; a 404 says nothing is connected, which is what was asked. */
export type DisconnectAnswer = { kind: 'disconnected' } | Closed | Failed;

function refusalOf(error: unknown, response: Response | undefined): Closed | Failed {
  const message = failureReason(error, response);
  return response?.status === 409 ? { kind: 'closed', message } : { kind: 'failed', message };
}

export const fetchAccount = fromStoppablePromise<AccountAnswer, AccountLoadInput>(async ({ input, signal }) => {
  const query = input.refresh ? { onboarding: 'refresh' as const } : {};
  const { data, error, response } = await answerOf(() =>
    input.api.GET('/groups/{id}/account', { params: { path: { id: input.groupId }, query }, signal }),
  );
  if (data) return { kind: 'loaded', account: data };
  return { kind: 'failed', message: failureReason(error, response) };
});

export const connectAccount = fromStoppablePromise<ConnectAnswer, AccountCallInput>(async ({ input, signal }) => {
  const { data, error, response } = await answerOf(() =>
    input.api.POST('/groups/{id}/account', { params: { path: { id: input.groupId } }, signal }),
  );
  if (data) return { kind: 'started', account: data.account, redirectUrl: data.redirect_url ?? null };
  return refusalOf(error, response);
});

export const disconnectAccount = fromStoppablePromise<DisconnectAnswer, AccountCallInput>(async ({ input, signal }) => {
  const { error, response } = await answerOf(() =>
    input.api.DELETE('/groups/{id}/account', { params: { path: { id: input.groupId } }, signal }),
  );
  if (response?.ok || response?.status === 404) return { kind: 'disconnected' };
  return refusalOf(error, response);
});
