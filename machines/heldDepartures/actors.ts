import { fromStoppablePromise } from '../stoppablePromise';
import type { ApiClient } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { answerOf, serverFailureOf } from '../shared/stepFailure';

export type HeldDepartures = components['schemas']['HeldDepartures'];

/** Confirm moves the held members to removed; keep (dismiss) leaves everyone where they are. */
export type DepartureDecision = 'confirm' | 'keep';

export type Failure = { kind: 'failed'; message: string };
export type HeldAnswer = { kind: 'held'; departures: HeldDepartures } | { kind: 'none' } | Failure;
export type DecisionAnswer = { kind: 'decided'; count: number } | Failure;

interface ApiInput {
  api: ApiClient;
  groupId: number;
}

/** GET /groups/{id}/departures: what the last members scan held for the admin, if anything. */
export const fetchHeldDepartures = fromStoppablePromise<HeldAnswer, ApiInput>(async ({ input, signal }) => {
  const { data, error, response } = await answerOf(() => input.api.GET('/groups/{id}/departures', { params: { path: { id: input.groupId } }, signal }));
  if (data) return data.departures ? { kind: 'held', departures: data.departures } : { kind: 'none' };
  return { kind: 'failed', message: serverFailureOf(error, response).message };
});

/** POST /groups/{id}/departures/confirm or /dismiss, naming the scan whose departures the admin saw. */
export const decideDepartures = fromStoppablePromise<DecisionAnswer, ApiInput & { decision: DepartureDecision; jobId: number }>(
  async ({ input, signal }) => {
    const path = input.decision === 'confirm' ? '/groups/{id}/departures/confirm' : '/groups/{id}/departures/dismiss';
    const { data, error, response } = await answerOf(() =>
      input.api.POST(path, { params: { path: { id: input.groupId } }, body: { job_id: input.jobId }, signal }),
    );
    if (data) return { kind: 'decided', count: data.count };
    return { kind: 'failed', message: serverFailureOf(error, response).message };
  },
);
