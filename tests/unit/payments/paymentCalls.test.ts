import { describe, expect, it } from 'vitest';
import { createActor, toPromise, type AnyActorLogic, type InputFrom, type OutputFrom } from 'xstate';
import { createApiClient } from '../../../src/api/client';
import { updateCardSource } from '../../../machines/changeCard/actors';
import { createSubscription, saveTermsAccepted, upgradeSubscription } from '../../../machines/purchase/actors';

interface Sent {
  method: string;
  path: string;
  idempotencyKey: string | null;
  body: unknown;
}

function fakeApi(status: number, body: unknown) {
  const sent: Sent[] = [];
  const api = createApiClient({
    baseUrl: 'http://api.test/api/v1',
    fetch: async (request: Request) => {
      sent.push({
        method: request.method,
        path: new URL(request.url).pathname.replace('/api/v1', ''),
        idempotencyKey: request.headers.get('Idempotency-Key'),
        body: JSON.parse(await request.text()),
      });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    },
  });
  return { api, sent };
}

const KEY = '0f8d1a52-4c1e-4d8b-9a57-3c2f1e0b7d64';
const declined = { error: { code: 'payment_failed', message: 'Your card was declined.' } };

function run<Logic extends AnyActorLogic>(logic: Logic, input: InputFrom<Logic>): Promise<OutputFrom<Logic>> {
  return toPromise(createActor(logic, { input }).start());
}

describe('the payment calls', () => {
  it('buy a plan with the attempt idempotency key, the card token only when there is one', async () => {
    const { api, sent } = fakeApi(402, declined);
    await run(createSubscription, { api, groupId: 5, plan: 'annual', token: 'tok_1', idempotencyKey: KEY });
    await run(createSubscription, { api, groupId: 5, plan: 'monthly', token: null, idempotencyKey: KEY });
    expect(sent).toEqual([
      { method: 'POST', path: '/groups/5/subscription', idempotencyKey: KEY, body: { plan: 'annual', token: 'tok_1' } },
      { method: 'POST', path: '/groups/5/subscription', idempotencyKey: KEY, body: { plan: 'monthly' } },
    ]);
  });

  it('upgrade to annual and change the card with the key too', async () => {
    const { api, sent } = fakeApi(402, declined);
    await run(upgradeSubscription, { api, groupId: 6, plan: 'annual', token: null, idempotencyKey: KEY });
    await run(updateCardSource, { api, groupId: 6, token: 'tok_2', idempotencyKey: KEY });
    expect(sent).toEqual([
      { method: 'PUT', path: '/groups/6/subscription', idempotencyKey: KEY, body: { plan: 'annual' } },
      { method: 'POST', path: '/groups/6/subscription/source', idempotencyKey: KEY, body: { token: 'tok_2' } },
    ]);
  });

  it("answer a refusal with the server's message, and a server failure as unanswered (the attempt may be sent again)", async () => {
    const refused = fakeApi(402, declined);
    expect(await run(createSubscription, { api: refused.api, groupId: 5, plan: 'annual', token: null, idempotencyKey: KEY })).toEqual({
      kind: 'refused',
      message: 'Your card was declined.',
    });
    const message = 'The payment service could not be reached just now. Please try again in a few minutes.';
    const failing = fakeApi(503, { error: { code: 'upstream_unreachable', message, details: { service: 'payments' } } });
    expect(await run(createSubscription, { api: failing.api, groupId: 5, plan: 'annual', token: null, idempotencyKey: KEY })).toEqual({
      kind: 'unanswered',
      message,
    });
  });

  it('answer a 409 for an attempt still being answered as unanswered (sent again with its key), and another payment in progress as refused', async () => {
    const pending = fakeApi(409, { error: { code: 'conflict', message: 'A request with this Idempotency-Key is still being answered', details: { reason: 'idempotency_key_in_progress' } } });
    expect(await run(createSubscription, { api: pending.api, groupId: 5, plan: 'annual', token: null, idempotencyKey: KEY })).toEqual({
      kind: 'unanswered',
      message: 'Your payment is still being processed. Press the button again in a moment to see its outcome; you will not be charged twice.',
    });
    expect(await run(updateCardSource, { api: pending.api, groupId: 5, token: 'tok_3', idempotencyKey: KEY })).toMatchObject({ kind: 'unanswered' });
    const message = 'Another payment for this group is being processed. Wait a moment, then reload the page to see its outcome.';
    const other = fakeApi(409, { error: { code: 'conflict', message, details: { reason: 'purchase_in_progress' } } });
    expect(await run(createSubscription, { api: other.api, groupId: 5, plan: 'annual', token: null, idempotencyKey: KEY })).toEqual({ kind: 'refused', message });
  });

  it('save only the accepted terms in the group flags: the server counts payment errors itself', async () => {
    const { api, sent } = fakeApi(200, { flags: { checkbox_payment_terms_accept: true, count_payment_error: 0 } });
    await run(saveTermsAccepted, { api, groupId: 5 });
    expect(sent).toEqual([{ method: 'POST', path: '/groups/5/flags', idempotencyKey: null, body: { flags: { checkbox_payment_terms_accept: true } } }]);
  });
});
