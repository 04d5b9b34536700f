import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit_logs, users } from '../../../server/db/schema';
import { databaseKinds } from '../../support/database';
import { createResponseValidator } from '../support/contract-schemas';
import { createRoleWorld, openRoleSession, type RoleWorld } from '../support/roles';
import { bearer } from '../support/sandbox-session';
import { createTestServer, type TestServer } from '../support/test-server';

const contract = createResponseValidator();

describe.each(databaseKinds())('supervisor switch on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  beforeAll(async () => {
    server = await createTestServer(kind);
    world = await createRoleWorld(server.db);
  });
  afterAll(async () => server?.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string | undefined, payload?: object) =>
    server.app.inject({ method, url: `/api/v1${url}`, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  const switchTo = (token: string | undefined, userId: number) => call('POST', '/session/switch', token, { user_id: userId });
  const switchAudits = () =>
    server.db
      .select({ user_id: audit_logs.user_id, data: audit_logs.data })
      .from(audit_logs)
      .where(eq(audit_logs.kind, 'user_switched'))
      .orderBy(asc(audit_logs.id));

  it('signs a supervisor in as another user and back, audited both ways', async () => {
    const supervisorToken = (await openRoleSession(server.db, world, 'supervisor'))!;
    const switched = await switchTo(supervisorToken, world.userIds.groupAdmin);
    expect(switched.statusCode, switched.body).toBe(200);
    expect(contract.validate('/session/switch', 'POST', 200, switched.json())).toBeUndefined();
    const { access_token: switchedToken, user } = switched.json();
    expect(user).toMatchObject({ id: world.userIds.groupAdmin, name: 'Test groupAdmin' });

    const session = await call('GET', '/session', switchedToken);
    expect(session.json()).toMatchObject({
      user: { id: world.userIds.groupAdmin },
      switched_by: { id: world.userIds.supervisor, name: 'Test supervisor' },
    });
    expect(contract.validate('/session', 'GET', 200, session.json())).toBeUndefined();
    const groups = await call('GET', '/groups', switchedToken);
    expect(groups.json().groups.map((group: { id: number }) => group.id)).toEqual([world.group.id]);

    const back = await call('DELETE', '/session/switch', switchedToken);
    expect(back.statusCode, back.body).toBe(200);
    expect(contract.validate('/session/switch', 'DELETE', 200, back.json())).toBeUndefined();
    expect(back.json().user).toMatchObject({ id: world.userIds.supervisor, is_supervisor: true });

    const afterBack = await call('GET', '/session', switchedToken);
    expect(afterBack.statusCode).toBe(401);
    expect(afterBack.headers['x-force-logout']).toBe('1');
    expect((await call('GET', '/session', supervisorToken)).json().switched_by).toBeNull();

    const switchedThere = { from_user_id: world.userIds.supervisor, to_user_id: world.userIds.groupAdmin, ip: '127.0.0.1' };
    const switchedBack = { from_user_id: world.userIds.groupAdmin, to_user_id: world.userIds.supervisor, ip: '127.0.0.1' };
    expect(await switchAudits()).toEqual([
      { user_id: world.userIds.supervisor, data: switchedThere },
      { user_id: world.userIds.supervisor, data: switchedBack },
    ]);
  });

  it('is not there for anyone but a supervisor', async () => {
    for (const role of ['groupAdmin', 'subscriber', 'otherGroupAdmin'] as const) {
      const response = await switchTo(await openRoleSession(server.db, world, role), world.userIds.subscriber);
      expect(response.statusCode, role).toBe(404);
    }
    expect((await switchTo(await openRoleSession(server.db, world, 'banned'), world.userIds.subscriber)).statusCode).toBe(403);
    expect((await switchTo(undefined, world.userIds.subscriber)).statusCode).toBe(401);
  });

  it('answers 404 for no such user and 409 for yourself or from a switched session', async () => {
    const supervisorToken = (await openRoleSession(server.db, world, 'supervisor'))!;
    expect((await switchTo(supervisorToken, 2_000_000_000)).statusCode).toBe(404);
    const toSelf = await switchTo(supervisorToken, world.userIds.supervisor);
    expect(toSelf.statusCode).toBe(409);
    expect(toSelf.json().error.details).toEqual({ reason: 'yourself' });

    const [colleague] = await server.db.insert(users).values({ name: 'Second Supervisor', is_supervisor: true }).returning({ id: users.id });
    const intoColleague = (await switchTo(supervisorToken, colleague!.id)).json().access_token;
    const onward = await switchTo(intoColleague, world.userIds.groupAdmin);
    expect(onward.statusCode).toBe(409);
    expect(onward.json().error.details).toEqual({ reason: 'already_switched' });
  });

  it('answers 409 to switching back from a session that was not switched', async () => {
    const response = await call('DELETE', '/session/switch', await openRoleSession(server.db, world, 'groupAdmin'));
    expect(response.statusCode).toBe(409);
    expect(response.json().error.details).toEqual({ reason: 'not_switched' });
  });

  it('signs out of a switched session without ending the supervisor one', async () => {
    const supervisorToken = (await openRoleSession(server.db, world, 'supervisor'))!;
    const switchedToken = (await switchTo(supervisorToken, world.userIds.subscriber)).json().access_token;
    expect((await call('DELETE', '/session', switchedToken)).statusCode).toBe(204);
    expect((await call('GET', '/session', switchedToken)).statusCode).toBe(401);
    expect((await call('GET', '/session', supervisorToken)).statusCode).toBe(200);
    const signOuts = await server.db
      .select({ user_id: audit_logs.user_id })
      .from(audit_logs)
      .where(eq(audit_logs.kind, 'sign_out'));
    expect(signOuts).toEqual([{ user_id: world.userIds.subscriber }]);
  });

  it("ends the switched sessions a supervisor opened when the supervisor signs out, and nobody else's", async () => {
    const supervisorToken = (await openRoleSession(server.db, world, 'supervisor'))!;
    const adminsOwnToken = (await openRoleSession(server.db, world, 'groupAdmin'))!;
    const intoAdmin = (await switchTo(supervisorToken, world.userIds.groupAdmin)).json().access_token;
    const intoSubscriber = (await switchTo(supervisorToken, world.userIds.subscriber)).json().access_token;
    expect((await call('GET', '/session', intoAdmin)).statusCode).toBe(200);

    expect((await call('DELETE', '/session', supervisorToken)).statusCode).toBe(204);
    for (const token of [supervisorToken, intoAdmin, intoSubscriber]) {
      const after = await call('GET', '/groups', token);
      expect(after.statusCode).toBe(401);
      expect(after.headers['x-force-logout']).toBe('1');
    }
    expect((await call('GET', '/session', adminsOwnToken)).statusCode).toBe(200);
  });
});
