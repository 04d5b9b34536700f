import { fromStoppablePromise } from '../stoppablePromise';
import type { ApiClient } from '../../src/api/client';
import { paymentAnswerOf, type PaymentAnswer, type User } from '../purchase/actors';

export interface CardChangeInput {
  api: ApiClient;
  groupId: number;
  token: string;
  idempotencyKey: string;
}

/** POST /groups/{id}/subscription/source: the new card becomes the user's saved card and pays the group's subscription. */
export const updateCardSource = fromStoppablePromise<PaymentAnswer<User>, CardChangeInput>(async ({ input, signal }) => {
  const answer = await paymentAnswerOf(() =>
    input.api.POST('/groups/{id}/subscription/source', {
      params: { path: { id: input.groupId }, header: { 'Idempotency-Key': input.idempotencyKey } },
      body: { token: input.token },
      signal,
    }),
  );
  return answer.kind === 'done' ? { kind: 'done', result: answer.result.user } : answer;
});
