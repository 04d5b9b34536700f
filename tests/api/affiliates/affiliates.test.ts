import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../server/db/schema';
import { setToggle } from '../../../server/domain/toggles';
import { databaseKinds } from '../../support/database';
import { createResponseValidator } from '../support/contract-schemas';
import { createRoleWorld, openRoleSession, type Role, type RoleWorld } from '../support/roles';
import { bearer } from '../support/sandbox-session';
import { createTestServer, type TestServer } from '../support/test-server';

const contract = createResponseValidator();

describe.each(databaseKinds())('the referral programme in the sandbox on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  beforeAll(async () => {
    server = await createTestServer(kind);
    world = await createRoleWorld(server.db);
  });
  afterAll(async () => server?.close());

  const call = async (role: Role, method: 'GET' | 'POST' | 'PUT', path: string, payload?: Record<string, string>) => {
    const response = await server.app.inject({
      method,
      url: `/api/v1${path}`,
      headers: { ...bearer((await openRoleSession(server.db, world, role))!), host: 'xfilter.test' },
      ...(payload === undefined ? {} : { payload }),
    });
    expect(contract.validate(path, method, response.statusCode, response.json())).toBeUndefined();
    return response;
  };
  const stored = async (role: Exclude<Role, 'anonymous'>) => {
    const [row] = await server.db
      .select({ email: users.email, tapfiliate_id: users.tapfiliate_id, tapfiliate_password: users.tapfiliate_password })
      .from(users)
      .where(eq(users.id, world.userIds[role]));
    return row!;
  };

  it('has no account until the user joins, and no balance either', async () => {
    const account = await call('groupAdmin', 'GET', '/tapfiliate');
    expect(account.statusCode).toBe(200);
    expect(account.json()).toEqual({ affiliate: null });
    const balance = await call('groupAdmin', 'GET', '/tapfiliate/balance');
    expect(balance.statusCode).toBe(404);
  });

  it('joins a user with a paid group: a local link, the email as login (saved as theirs), a password, no balance yet', async () => {
    const response = await call('groupAdmin', 'POST', '/tapfiliate/enable', { email: 'grace@example.com' });
    expect(response.statusCode).toBe(200);
    const saved = await stored('groupAdmin');
    expect(saved.email).toBe('grace@example.com');
    expect(saved.tapfiliate_id).toMatch(/^sandbox-/);
    expect(saved.tapfiliate_password).toMatch(/^[\w-]{16}$/);
    expect(response.json().affiliate).toEqual({
      link: `http://xfilter.test/?ref=${saved.tapfiliate_id}`,
      login: 'grace@example.com',
      password: saved.tapfiliate_password,
      balance: 0,
    });
    expect((await call('groupAdmin', 'GET', '/tapfiliate')).json()).toEqual(response.json());
    expect((await call('groupAdmin', 'GET', '/tapfiliate/balance')).json()).toEqual({ balance: 0 });
  });

  it('refuses to join twice, and keeps the first account', async () => {
    const before = await stored('groupAdmin');
    const again = await call('groupAdmin', 'POST', '/tapfiliate/enable', { email: 'grace@example.com' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.details).toEqual({ reason: 'already_enabled' });
    expect(await stored('groupAdmin')).toEqual(before);
  });

  it('keeps the features locked for a user without paid groups, and writes nothing', async () => {
    for (const role of ['subscriber', 'supervisor'] as const) {
      const response = await call(role, 'POST', '/tapfiliate/enable', { email: `${role}@example.com` });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.details).toEqual({ reason: 'no_paid_groups' });
      expect(await stored(role)).toEqual({ email: null, tapfiliate_id: null, tapfiliate_password: null });
    }
  });

  it("refuses another user's email, in any case, and writes nothing", async () => {
    const response = await call('otherGroupAdmin', 'POST', '/tapfiliate/enable', { email: 'GRACE@example.com' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.details).toEqual({ reason: 'email_taken' });
    expect(await stored('otherGroupAdmin')).toEqual({ email: null, tapfiliate_id: null, tapfiliate_password: null });
  });

  it('answers 404 to every call while the programme is off, and writes nothing', async () => {
    await setToggle(server.db, 'affiliates_enabled', false);
    try {
      for (const [method, path] of [['GET', '/tapfiliate'], ['GET', '/tapfiliate/balance'], ['POST', '/tapfiliate/enable']] as const) {
        const response = await call('otherGroupAdmin', method, path, method === 'POST' ? { email: 'otto@example.com' } : undefined);
        expect(response.statusCode, path).toBe(404);
      }
      expect(await stored('otherGroupAdmin')).toEqual({ email: null, tapfiliate_id: null, tapfiliate_password: null });
    } finally {
      await setToggle(server.db, 'affiliates_enabled', true);
    }
  });

  it("keeps a user's own email as the login when they have one", async () => {
    expect((await call('otherGroupAdmin', 'PUT', '/users/email', { email: 'otto@example.com' })).statusCode).toBe(200);
    const response = await call('otherGroupAdmin', 'POST', '/tapfiliate/enable', { email: 'someone.else@example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.json().affiliate.login).toBe('otto@example.com');
    expect((await stored('otherGroupAdmin')).email).toBe('otto@example.com');
  });

  it('joins once when two enables of one user race', async () => {
    await server.db.update(users).set({ tapfiliate_id: null, tapfiliate_password: null }).where(eq(users.id, world.userIds.groupAdmin));
    const answers = await Promise.all([
      call('groupAdmin', 'POST', '/tapfiliate/enable', { email: 'grace@example.com' }),
      call('groupAdmin', 'POST', '/tapfiliate/enable', { email: 'grace@example.com' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)!.json().affiliate;
    expect((await stored('groupAdmin')).tapfiliate_password).toBe(winner.password);
  });
});
