import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueSandboxToken, sandboxAccountIdentity } from '../../../server/adapters/identity/sandbox';
import { signSandboxToken } from '../../../server/adapters/identity/sandbox-token';
import { app_toggles, audit_logs, members, sessions, users } from '../../../server/db/schema';
import { databaseKinds } from '../../support/database';
import { createResponseValidator } from '../support/contract-schemas';
import { bearer, sandboxToken, signInAs } from '../support/sandbox-session';
import { createTestServer, type TestServer } from '../support/test-server';

const contract = createResponseValidator();
const SEED = 1;
const fbUserIdOf = (account: 'nora' | 'otto' | 'ada' | 'sam') => sandboxAccountIdentity(SEED, account).fb_user_id;

describe.each(databaseKinds())('sign-in on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    // Behind a proxy on this machine, so the client it forwards is the one audited.
    server = await createTestServer(kind, { sandboxSeed: SEED, trustProxy: 'loopback' });
  });
  afterAll(async () => server?.close());

  const createSession = (facebookToken: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'POST', url: '/api/v1/session', headers, payload: { facebook_token: facebookToken } });

  const auditsOf = (userId: number) =>
    server.db
      .select({ kind: audit_logs.kind, data: audit_logs.data, member_id: audit_logs.member_id })
      .from(audit_logs)
      .where(eq(audit_logs.user_id, userId))
      .orderBy(asc(audit_logs.id));

  const usersWith = async (fbUserId: string) =>
    (await server.db.select({ n: count() }).from(users).where(eq(users.fb_user_id, fbUserId)))[0]!.n;

  it('registers the user on the first sign-in and audits registration and sign-in with the ip', async () => {
    const response = await createSession(await sandboxToken(server.app, 'nora'), { 'x-forwarded-for': '203.0.113.9' });
    expect(response.statusCode, response.body).toBe(200);
    expect(contract.validate('/session', 'POST', 200, response.json())).toBeUndefined();
    const { access_token: token, user } = response.json();
    expect(user).toMatchObject({ name: 'Nora Newcomer', email: 'nora.newcomer@example.com', fb_user_id: fbUserIdOf('nora'), is_banned: false });
    expect(await usersWith(fbUserIdOf('nora'))).toBe(1);
    expect(await auditsOf(user.id)).toEqual([
      { kind: 'user_registered', data: { ip: '203.0.113.9' }, member_id: null },
      { kind: 'sign_in', data: { ip: '203.0.113.9' }, member_id: null },
    ]);
    const session = await server.app.inject({ method: 'GET', url: '/api/v1/session', headers: bearer(token) });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ user: { id: user.id }, access_token: token, member: null, switched_by: null });
  });

  it('does not register the user again on the next sign-in, and opens a new session', async () => {
    const first = await signInAs(server.app, 'ada');
    const second = await signInAs(server.app, 'ada');
    expect(second.user.id).toBe(first.user.id);
    expect(second.token).not.toBe(first.token);
    expect(await usersWith(fbUserIdOf('ada'))).toBe(1);
    expect((await auditsOf(first.user.id)).map((audit) => audit.kind)).toEqual(['user_registered', 'sign_in', 'sign_in']);
    expect((await auditsOf(first.user.id))[2]!.data).toEqual({ ip: '127.0.0.1' });
  });

  it('links a new user to the member who shares their fb_user_id', async () => {
    const [member] = await server.db
      .insert(members)
      .values({ fb_user_id: fbUserIdOf('otto'), name: 'Otto Owner' })
      .returning({ id: members.id });
    const { token, user } = await signInAs(server.app, 'otto');
    expect((await auditsOf(user.id)).map((audit) => audit.member_id)).toEqual([member!.id, member!.id]);
    const session = await server.app.inject({ method: 'GET', url: '/api/v1/session', headers: bearer(token) });
    expect(session.json().member).toMatchObject({ id: member!.id, name: 'Otto Owner', fb_user_id: fbUserIdOf('otto') });
  });

  it('refuses tokens that are made up, expired, forged or for no sandbox account, registering nobody', async () => {
    const usersBefore = (await server.db.select({ n: count() }).from(users))[0]!.n;
    const elevenMinutesAgo = new Date(Date.now() - 11 * 60_000);
    const refused = {
      'made up': 'not-a-token',
      expired: await issueSandboxToken(server.db, fbUserIdOf('sam'), elevenMinutesAgo),
      forged: signSandboxToken('a key of our own', fbUserIdOf('sam'), new Date()),
      'no sandbox account': await issueSandboxToken(server.db, '100000000000001', new Date()),
    };
    for (const [label, token] of Object.entries(refused)) {
      const response = await createSession(token);
      expect(response.statusCode, label).toBe(401);
      expect(response.json().error.code, label).toBe('unauthorized');
    }
    expect((await server.db.select({ n: count() }).from(users))[0]!.n).toBe(usersBefore);
  });

  it('takes each sandbox token once: a second POST /session with it answers 401 and opens nothing', async () => {
    const token = await sandboxToken(server.app, 'ada');
    expect((await createSession(token)).statusCode).toBe(200);
    const sessionsBefore = (await server.db.select({ n: count() }).from(sessions))[0]!.n;
    const replayed = await createSession(token);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().error.code).toBe('unauthorized');
    expect((await server.db.select({ n: count() }).from(sessions))[0]!.n).toBe(sessionsBefore);
  });

  it('lets exactly one of two concurrent uses of one sandbox token open a session', async () => {
    const token = await sandboxToken(server.app, 'otto');
    const sessionsBefore = (await server.db.select({ n: count() }).from(sessions))[0]!.n;
    const answers = await Promise.all([createSession(token), createSession(token)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
    expect((await server.db.select({ n: count() }).from(sessions))[0]!.n).toBe(sessionsBefore + 1);
  });

  it('refuses a token another installation issued', async () => {
    const other = await createTestServer('pglite', { sandboxSeed: SEED });
    try {
      const foreign = await sandboxToken(other.app, 'sam');
      expect((await createSession(foreign)).statusCode).toBe(401);
      expect((await other.app.inject({ method: 'POST', url: '/api/v1/session', payload: { facebook_token: foreign } })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('answers 409 while the login_disabled toggle is on', async () => {
    const token = await sandboxToken(server.app, 'sam');
    await server.db.insert(app_toggles).values({ name: 'login_disabled', value: true });
    try {
      const response = await createSession(token);
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatchObject({ code: 'conflict', details: { reason: 'login_disabled' } });
      expect(await usersWith(fbUserIdOf('sam'))).toBe(0);
    } finally {
      await server.db.delete(app_toggles).where(eq(app_toggles.name, 'login_disabled'));
    }
    expect((await createSession(token)).statusCode).toBe(200);
  });

  it('has no sandbox account of an unknown id', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/v1/sandbox/sign_in', payload: { account_id: 'nobody' } });
    expect(response.statusCode).toBe(404);
  });
});
