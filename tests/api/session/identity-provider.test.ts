import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityProvider, VerifiedIdentity } from '../../../server/adapters/identity';
import { UpstreamError } from '../../../server/adapters/upstream';
import { users } from '../../../server/db/schema';
import { databaseKinds } from '../../support/database';
import { bearer } from '../support/sandbox-session';
import { createTestServer, type TestServer } from '../support/test-server';

/** A stand-in for the social network: the tokens it knows, and whether it can be reached. */
function fakeNetwork() {
  const tokens = new Map<string, VerifiedIdentity>();
  let reachable = true;
  const provider: IdentityProvider = {
    async verify(token) {
      if (!reachable) throw new UpstreamError('sign_in', 'unreachable', 'the network is down');
      return tokens.get(token) ?? null;
    },
  };
  return { provider, tokens, setReachable: (value: boolean) => (reachable = value) };
}

const vera: VerifiedIdentity = {
  fb_user_id: '5550001',
  fb_auth_user_id: '7770001',
  name: 'Vera Valid',
  first_name: 'Vera',
  last_name: 'Valid',
  email: 'vera@example.com',
  avatar_url: 'https://cdn.example.com/vera.jpg',
};

describe.each(databaseKinds())('sign-in through an injected identity provider on %s', (kind) => {
  let server: TestServer;
  const network = fakeNetwork();
  beforeAll(async () => {
    server = await createTestServer(kind, { mode: 'live' }, { identity: network.provider });
  });
  afterAll(async () => server?.close());

  const signIn = (token: string) => server.app.inject({ method: 'POST', url: '/api/v1/session', payload: { facebook_token: token } });

  it('signs in whoever the provider vouches for, and no one else', async () => {
    network.tokens.set('vera-1', vera);
    const response = await signIn('vera-1');
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ fb_user_id: '5550001', fb_auth_user_id: '7770001', avatar_url: vera.avatar_url });
    expect((await signIn('unknown')).statusCode).toBe(401);
  });

  it('finds the user again by the app-scoped id, refreshes the profile and keeps the email they chose', async () => {
    const [user] = await server.db.select().from(users).where(eq(users.fb_auth_user_id, '7770001'));
    await server.db.update(users).set({ fb_user_id: '100099999999999', email: 'chosen@example.com' }).where(eq(users.id, user!.id));
    network.tokens.set('vera-2', { ...vera, name: 'Vera V. Valid', email: 'new@example.com' });
    const response = await signIn('vera-2');
    expect(response.json().user).toMatchObject({ id: user!.id, name: 'Vera V. Valid', fb_user_id: '100099999999999', email: 'chosen@example.com' });
    const session = await server.app.inject({ method: 'GET', url: '/api/v1/session', headers: bearer(response.json().access_token) });
    expect(session.json().user.id).toBe(user!.id);
  });

  it('answers 503, not 401, when the provider cannot be asked', async () => {
    network.setReachable(false);
    try {
      const response = await signIn('vera-1');
      expect(response.statusCode).toBe(503);
      expect(response.json().error).toEqual({
        code: 'upstream_unreachable',
        message: "Facebook's sign-in could not be reached just now. Please try again in a few minutes.",
        details: { service: 'sign_in' },
      });
    } finally {
      network.setReachable(true);
    }
  });
});
