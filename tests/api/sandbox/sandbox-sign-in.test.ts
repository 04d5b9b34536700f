import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_ACCOUNTS } from '../../../server/sandbox/accounts';
import { databaseKinds } from '../../support/database';
import { createResponseValidator } from '../support/contract-schemas';
import { createTestServer, type TestServer } from '../support/test-server';

const contract = createResponseValidator();

describe.each(databaseKinds())('sandbox sign-in on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(kind);
  });
  afterAll(async () => server?.close());

  it('lists the sandbox accounts with what each lets you try', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/sandbox/accounts' });
    expect(response.statusCode).toBe(200);
    expect(contract.validate('/sandbox/accounts', 'GET', 200, response.json())).toBeUndefined();
    expect(response.json().accounts.map((account: { id: string; role: string }) => [account.id, account.role])).toEqual([
      ['ada', 'group_admin'],
      ['sam', 'supervisor'],
      ['bella', 'banned'],
      ['nora', 'new_user'],
      ['otto', 'group_admin'],
    ]);
    expect(response.json().accounts.map((account: { name: string }) => account.name)).toEqual(SANDBOX_ACCOUNTS.map((a) => a.name));
  });

  it('issues a different token each time, all of them good for POST /session', async () => {
    const issue = () => server.app.inject({ method: 'POST', url: '/api/v1/sandbox/sign_in', payload: { account_id: 'sam' } });
    const [first, second] = [await issue(), await issue()];
    expect(first.json().facebook_token).toMatch(/^sbx1\./);
    for (const response of [first, second]) {
      const session = await server.app.inject({ method: 'POST', url: '/api/v1/session', payload: { facebook_token: response.json().facebook_token } });
      expect(session.json().user.name).toBe('Sam Supervisor');
    }
  });

  it('does not exist outside sandbox mode', async () => {
    const live = await createTestServer('pglite', { mode: 'live' });
    try {
      for (const request of [
        { method: 'GET' as const, url: '/api/v1/sandbox/accounts' },
        { method: 'POST' as const, url: '/api/v1/sandbox/sign_in', payload: { account_id: 'ada' } },
      ]) {
        expect((await live.app.inject(request)).statusCode).toBe(404);
      }
    } finally {
      await live.close();
    }
  });
});
