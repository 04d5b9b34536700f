import { describe, expect, it } from 'vitest';
import { createActor, toPromise, type AnyActorLogic, type InputFrom, type OutputFrom } from 'xstate';
import { enableAffiliate, fetchAffiliate } from '../../../machines/affiliates/actors';
import { createApiClient } from '../../../src/api/client';

/** An API client whose every call gets this answer. */
function answering(status: number, body: unknown) {
  return createApiClient({
    baseUrl: 'http://api.test/api/v1',
    fetch: async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  });
}

function run<Logic extends AnyActorLogic>(logic: Logic, input: InputFrom<Logic>): Promise<OutputFrom<Logic>> {
  return toPromise(createActor(logic, { input }).start());
}

describe("the referral programme's calls when its service fails", () => {
  const unreachable = "The referral programme's service could not be reached just now. Please try again in a few minutes.";
  const badAnswer = "The referral programme's service answered with an error just now. Please try again in a few minutes.";

  it("end with the server's message, to show, when the service cannot be reached (503)", async () => {
    const api = answering(503, { error: { code: 'upstream_unreachable', message: unreachable, details: { service: 'affiliates' } } });
    expect(await run(fetchAffiliate, { api })).toEqual({ kind: 'failed', message: unreachable });
    expect(await run(enableAffiliate, { api, email: 'grace@example.com' })).toEqual({ kind: 'failed', message: unreachable });
  });

  it("end with the server's message, to show, when the service answers an error (502)", async () => {
    const api = answering(502, { error: { code: 'upstream_bad_answer', message: badAnswer, details: { service: 'affiliates' } } });
    expect(await run(enableAffiliate, { api, email: 'grace@example.com' })).toEqual({ kind: 'failed', message: badAnswer });
  });
});
