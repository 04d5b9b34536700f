import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStripePayments } from '../../../server/adapters/payments/stripe';
import { httpOnlyDatabase } from '../../support/database';
import { groupRow, paymentCall, setCard, setGroup, userRow } from '../subscriptions/billing-world';
import { createResponseValidator } from '../support/contract-schemas';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { bearer } from '../support/sandbox-session';
import { tableCounts } from '../support/table-counts';
import { createTestServer, type TestServer } from '../support/test-server';
import { SPEC_UPSTREAM_TIMEOUT_MS } from '../../support/spec-numbers';

/** Far below the production timeout, so a hanging service costs the test little. */
const TEST_TIMEOUT_MS = 150;

/** How a service the server calls misbehaves: it refuses connections, never answers, or answers what cannot be used. */
type Misbehaviour = 'refuses connections' | 'never answers' | 'answers HTML' | 'answers truncated JSON' | 'answers a server error';

const ANSWERS: Record<Exclude<Misbehaviour, 'refuses connections' | 'never answers'>, [number, string, string]> = {
  'answers HTML': [200, 'text/html', '<html><body>Service temporarily unavailable</body></html>'],
  'answers truncated JSON': [200, 'application/json', '{"id":"cus_1","data":{"is_val'],
  'answers a server error': [500, 'application/json', '{"error":{"type":"api_error","message":"Something went wrong"}}'],
};

/** One stand-in for the social network's Graph API, Stripe and Tapfiliate, all misbehaving the same way. */
function misbehavingService() {
  let misbehaviour: Misbehaviour = 'never answers';
  let port = 0;
  const server: Server = createServer((request, response) => {
    request.resume();
    if (misbehaviour === 'never answers') return;
    const [status, type, body] = ANSWERS[misbehaviour as keyof typeof ANSWERS];
    response.writeHead(status, { 'content-type': type }).end(body);
  });
  const listen = () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const close = () => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return {
    start: async () => {
      await listen();
      port = (server.address() as AddressInfo).port;
      return port;
    },
    /** Refusing connections is the port closed; any other misbehaviour listens on it again. */
    misbehave: async (next: Misbehaviour) => {
      misbehaviour = next;
      if (next === 'refuses connections' && server.listening) await close();
      if (next !== 'refuses connections' && !server.listening) await listen();
    },
    stop: async () => {
      if (server.listening) await close();
    },
  };
}

const MISBEHAVIOURS: Array<[Misbehaviour, 502 | 503]> = [
  ['refuses connections', 503],
  ['never answers', 503],
  ['answers HTML', 502],
  ['answers truncated JSON', 502],
  ['answers a server error', 502],
];

const MESSAGES = {
  503: (service: string) => `${service} could not be reached just now. Please try again in a few minutes.`,
  502: (service: string) => `${service} answered with an error just now. Please try again in a few minutes.`,
};

const contract = createResponseValidator();

describe.each(httpOnlyDatabase())('services the server depends on failing, in live mode on %s', (kind) => {
  const service = misbehavingService();
  let server: TestServer;
  let world: RoleWorld;

  beforeAll(async () => {
    const port = await service.start();
    const origin = `http://127.0.0.1:${port}`;
    server = await createTestServer(
      kind,
      {
        mode: 'live',
        facebook: { appId: '111', appSecret: 'secret', graphUrl: `${origin}/v19.0`, timeoutMs: TEST_TIMEOUT_MS },
        tapfiliate: { apiKey: 'tap-key', programId: 'xfilter', apiUrl: `${origin}/1.6`, timeoutMs: TEST_TIMEOUT_MS },
      },
      {
        payments: createStripePayments({
          secretKey: 'sk_test_fake',
          priceIds: { monthly: 'price_monthly', annual: 'price_annual' },
          api: { host: '127.0.0.1', port, protocol: 'http' },
          maxNetworkRetries: 0,
          timeoutMs: TEST_TIMEOUT_MS,
        }),
      },
    );
    world = await createRoleWorld(server.db);
  });
  afterAll(async () => {
    await server?.close();
    await service.stop();
  });

  /** The answer, checked against the contract's declared 502 or 503, and how long it took. */
  async function failedCall(call: () => Promise<LightMyRequestResponse>, path: string, method: string, status: 502 | 503, name: string) {
    const started = performance.now();
    const response = await call();
    const elapsed = performance.now() - started;
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json();
    expect(contract.validate(path, method, status, body)).toBeUndefined();
    expect(body.error.message).toBe(MESSAGES[status](name));
    expect(response.headers['x-app-version']).toBe(server.config.appVersion);
    // The configured timeout bounds the wait, not the production one.
    expect(elapsed).toBeLessThan(SPEC_UPSTREAM_TIMEOUT_MS / 2);
    return body.error;
  }

  describe.each(MISBEHAVIOURS)('when the service %s', (misbehaviour, status) => {
    const code = status === 503 ? 'upstream_unreachable' : 'upstream_bad_answer';
    beforeEach(async () => {
      await service.misbehave(misbehaviour);
    });

    it(`sign-in answers ${status} ${code} and writes nothing`, async () => {
      const before = await tableCounts(server.db);
      const error = await failedCall(
        () => server.app.inject({ method: 'POST', url: '/api/v1/session', payload: { facebook_token: 'token-1' } }),
        '/session',
        'POST',
        status,
        "Facebook's sign-in",
      );
      expect(error).toMatchObject({ code, details: { service: 'sign_in' } });
      expect(await tableCounts(server.db)).toEqual(before);
    });

    it(`buying a plan answers ${status} ${code} and leaves the group unpaid`, async () => {
      await setGroup(server.db, world.group.id, { plan: 'free' });
      await setCard(server.db, world.userIds.groupAdmin, null);
      const error = await failedCall(
        () =>
          paymentCall(server.app, {
            method: 'POST',
            url: `/groups/${world.group.id}/subscription`,
            token: world.tokens.groupAdmin!,
            body: { plan: 'annual', token: 'tok_visa' },
          }),
        '/groups/{id}/subscription',
        'POST',
        status,
        'The payment service',
      );
      expect(error).toMatchObject({ code, details: { service: 'payments' } });
      expect(await groupRow(server.db, world.group.id)).toMatchObject({ subscribed_plan: 'free', stripe_subscription_id: null });
      expect(await userRow(server.db, world.userIds.groupAdmin)).toMatchObject({ stripe_customer_id: null, card_exists: false });
    });

    it(`joining the referral programme answers ${status} ${code} and writes nothing`, async () => {
      await setGroup(server.db, world.group.id, { plan: 'annual' });
      const before = await tableCounts(server.db);
      const error = await failedCall(
        () =>
          server.app.inject({
            method: 'POST',
            url: '/api/v1/tapfiliate/enable',
            headers: bearer(world.tokens.groupAdmin!),
            payload: { email: 'grace@example.com' },
          }),
        '/tapfiliate/enable',
        'POST',
        status,
        "The referral programme's service",
      );
      expect(error).toMatchObject({ code, details: { service: 'affiliates' } });
      expect(await tableCounts(server.db)).toEqual(before);
      expect(await userRow(server.db, world.userIds.groupAdmin)).toMatchObject({ email: null, tapfiliate_id: null });
    });
  });
});
