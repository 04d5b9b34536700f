import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANNED_MESSAGE } from '../../../server/http/errors';
import { listOperations, loadContract } from '../../../server/http/contract';
import { databaseKinds } from '../../support/database';
import { sampleRequest, withToken } from '../support/requests';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { bearer, signInAs } from '../support/sandbox-session';
import { createTestServer, type TestServer } from '../support/test-server';

const contract = loadContract();
const nonSessionCalls = listOperations(contract).filter(
  (operation) => operation.secured && operation.access !== 'session' && operation.access !== 'sandbox',
);

describe.each(databaseKinds())('a banned user on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  let bella: Awaited<ReturnType<typeof signInAs>>;

  beforeAll(async () => {
    server = await createTestServer(kind, {}, {}, 'seeded');
    world = await createRoleWorld(server.db);
    bella = await signInAs(server.app, 'bella');
  });
  afterAll(async () => server?.close());

  it('signs in and learns of the ban from the session', async () => {
    expect(bella.user.is_banned).toBe(true);
    const session = await server.app.inject({ method: 'GET', url: '/api/v1/session', headers: bearer(bella.token) });
    expect(session.statusCode).toBe(200);
    expect(session.json().user).toMatchObject({ name: 'Bella Banned', is_banned: true });
  });

  it('gets 403 banned from every call that is not a session call', async () => {
    const answers: string[] = [];
    for (const operation of nonSessionCalls) {
      const response = await server.app.inject(withToken(sampleRequest(contract, operation, world), bella.token));
      const error = response.json().error;
      if (response.statusCode !== 403 || error?.code !== 'banned' || error?.message !== BANNED_MESSAGE) {
        answers.push(`${operation.operationId}: ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(nonSessionCalls.length).toBeGreaterThan(90);
    expect(answers).toEqual([]);
  });

  it('signs out', async () => {
    const response = await server.app.inject({ method: 'DELETE', url: '/api/v1/session', headers: bearer(bella.token) });
    expect(response.statusCode).toBe(204);
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/session', headers: bearer(bella.token) })).statusCode).toBe(401);
  });
});
