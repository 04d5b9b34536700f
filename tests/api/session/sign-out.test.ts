import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit_logs } from '../../../server/db/schema';
import { databaseKinds } from '../../support/database';
import { bearer, signInAs } from '../support/sandbox-session';
import { createTestServer, type TestServer } from '../support/test-server';

describe.each(databaseKinds())('sign-out on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    // Behind a proxy on this machine, so the client it forwards is the one audited.
    server = await createTestServer(kind, { trustProxy: 'loopback' });
  });
  afterAll(async () => server?.close());

  const getSession = (token: string) => server.app.inject({ method: 'GET', url: '/api/v1/session', headers: bearer(token) });

  it('revokes the session: its token then gets 401 with X-Force-Logout, other sessions go on', async () => {
    const phone = await signInAs(server.app, 'ada');
    const laptop = await signInAs(server.app, 'ada');
    const response = await server.app.inject({
      method: 'DELETE',
      url: '/api/v1/session',
      headers: { ...bearer(phone.token), 'x-forwarded-for': '198.51.100.7' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    const after = await getSession(phone.token);
    expect(after.statusCode).toBe(401);
    expect(after.headers['x-force-logout']).toBe('1');
    expect(after.json().error.code).toBe('unauthorized');
    expect((await getSession(laptop.token)).statusCode).toBe(200);

    const signOuts = await server.db
      .select({ data: audit_logs.data })
      .from(audit_logs)
      .where(and(eq(audit_logs.user_id, phone.user.id), eq(audit_logs.kind, 'sign_out')));
    expect(signOuts).toEqual([{ data: { ip: '198.51.100.7' } }]);
  });

  it('answers a token it never issued the same way', async () => {
    const response = await getSession('never-issued');
    expect(response.statusCode).toBe(401);
    expect(response.headers['x-force-logout']).toBe('1');
  });
});
