import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companion_tokens } from '../../../server/db/schema';
import { hashToken } from '../../../server/domain/tokens';
import { databaseKinds } from '../../support/database';
import { SPEC_COMPANION_TOKEN_LIFETIME_MS } from '../../support/spec-numbers';
import { createResponseValidator } from '../support/contract-schemas';
import { createRoleWorld, openRoleSession, type Role, type RoleWorld } from '../support/roles';
import { bearer } from '../support/sandbox-session';
import { createTestServer, type TestServer } from '../support/test-server';

const contract = createResponseValidator();

describe.each(databaseKinds())('companion-product tokens on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  let clock = new Date('2026-03-02T10:00:00.000Z');
  beforeAll(async () => {
    server = await createTestServer(kind, {}, { now: () => clock });
    world = await createRoleWorld(server.db);
  });
  afterAll(async () => server?.close());

  const issue = async (role: Role) => {
    const token = await openRoleSession(server.db, world, role);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/session/companion_token',
      headers: token ? bearer(token) : {},
    });
    expect(contract.validate('/session/companion_token', 'POST', response.statusCode, response.json())).toBeUndefined();
    return response;
  };
  const redeem = async (token: string) => {
    const response = await server.app.inject({ method: 'POST', url: '/api/v1/companion/redeem', payload: { token } });
    expect(contract.validate('/companion/redeem', 'POST', response.statusCode, response.json())).toBeUndefined();
    return response;
  };

  it('are issued for 60 seconds to a signed-in user and stored only as their hash', async () => {
    const response = await issue('groupAdmin');
    expect(response.statusCode).toBe(201);
    const { token, expires_at } = response.json();
    expect(expires_at).toBe('2026-03-02T10:01:00.000Z');
    const rows = await server.db.select().from(companion_tokens);
    expect(rows.map((row) => row.token_hash)).toContain(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('are not issued to a banned user nor without a session', async () => {
    expect((await issue('banned')).statusCode).toBe(403);
    expect((await issue('anonymous')).statusCode).toBe(401);
  });

  it('tell the companion product who the user is, once', async () => {
    const { token } = (await issue('groupAdmin')).json();
    const first = await redeem(token);
    expect(first.statusCode).toBe(200);
    expect(first.json().user).toMatchObject({ id: world.userIds.groupAdmin, name: 'Test groupAdmin', fb_user_id: '9100004' });
    const second = await redeem(token);
    expect(second.statusCode).toBe(404);
  });

  it('let exactly one of two redemptions at once through', async () => {
    const { token } = (await issue('groupAdmin')).json();
    const answers = await Promise.all([redeem(token), redeem(token)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
  });

  it('expire after 60 seconds', async () => {
    const issuedAt = clock.getTime();
    const { token: redeemedInTime } = (await issue('subscriber')).json();
    const { token: redeemedLate } = (await issue('subscriber')).json();
    clock = new Date(issuedAt + SPEC_COMPANION_TOKEN_LIFETIME_MS - 1);
    expect((await redeem(redeemedInTime)).statusCode).toBe(200);
    clock = new Date(issuedAt + SPEC_COMPANION_TOKEN_LIFETIME_MS);
    expect((await redeem(redeemedLate)).statusCode).toBe(404);
  });

  it('end with the session that minted them: after its sign-out they answer 404, while another session of the user stays good', async () => {
    const minting = (await openRoleSession(server.db, world, 'groupAdmin'))!;
    const other = (await openRoleSession(server.db, world, 'groupAdmin'))!;
    const mint = async (session: string) =>
      (await server.app.inject({ method: 'POST', url: '/api/v1/session/companion_token', headers: bearer(session) })).json().token as string;
    const ended = await mint(minting);
    const kept = await mint(other);
    const signedOut = await server.app.inject({ method: 'DELETE', url: '/api/v1/session', headers: bearer(minting) });
    expect(signedOut.statusCode).toBe(204);
    expect((await redeem(ended)).statusCode).toBe(404);
    expect((await redeem(kept)).statusCode).toBe(200);
  });

  it('are not minted through a supervisor switched into the user', async () => {
    const supervisor = (await openRoleSession(server.db, world, 'supervisor'))!;
    const switched = await server.app.inject({
      method: 'POST',
      url: '/api/v1/session/switch',
      headers: bearer(supervisor),
      payload: { user_id: world.userIds.groupAdmin },
    });
    const refused = await server.app.inject({ method: 'POST', url: '/api/v1/session/companion_token', headers: bearer(switched.json().access_token) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'forbidden', details: { reason: 'switched_session' } });
    expect(contract.validate('/session/companion_token', 'POST', 403, refused.json())).toBeUndefined();
  });

  it('answer 404 to a token never issued, and the session token is not one', async () => {
    expect((await redeem('never-issued')).statusCode).toBe(404);
    expect((await redeem(world.tokens.groupAdmin!)).statusCode).toBe(404);
  });
});
