import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../support/database';
import { apiAs } from '../support/robot-client';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { createTestServer, type TestServer } from '../support/test-server';
import { labAudits } from './lab-world';

describe.each(databaseKinds())('the lab toggles on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  beforeAll(async () => {
    server = await createTestServer(kind);
    world = await createRoleWorld(server.db);
  });
  afterAll(async () => server?.close());

  const status = async () => (await server.app.inject({ method: 'GET', url: '/api/v1/status' })).json();
  const setToggle = (name: string, value: boolean) =>
    apiAs(server.app, world.tokens.supervisor!)('POST', '/lab/set_toggle', { payload: { name, value } });

  it('switch what GET /status announces, and switch it back', async () => {
    expect(await setToggle('login_disabled', true)).toEqual({ status: 200, body: { ok: true, result: { name: 'login_disabled', value: true } } });
    await setToggle('extension_connected', false);
    await setToggle('payment_provider_blocked', true);
    const changed = await status();
    expect(changed.features.login_disabled).toBe(true);
    expect(changed.sandbox_toggles).toEqual({ extension_connected: false, payment_provider_blocked: true });

    await setToggle('login_disabled', false);
    await setToggle('extension_connected', true);
    await setToggle('payment_provider_blocked', false);
    const restored = await status();
    expect(restored.features.login_disabled).toBe(false);
    expect(restored.sandbox_toggles).toEqual({ extension_connected: true, payment_provider_blocked: false });
  });

  it('audits each switch that changes with the supervisor as its user, and one that stays as it was not at all', async () => {
    const before = (await labAudits(server.db)).length;
    await setToggle('login_disabled', true);
    await setToggle('login_disabled', true);
    await setToggle('login_disabled', false);
    expect((await labAudits(server.db)).slice(before).map((audit) => [audit.user_id, audit.data])).toEqual([
      [world.userIds.supervisor, { ip: '127.0.0.1', action: 'set_toggle', diff: { login_disabled: [false, true] } }],
      [world.userIds.supervisor, { ip: '127.0.0.1', action: 'set_toggle', diff: { login_disabled: [true, false] } }],
    ]);
  });
});

describe('the lab toggles in live mode', () => {
  let live: TestServer;
  let world: RoleWorld;
  beforeAll(async () => {
    live = await createTestServer('pglite', { mode: 'live' });
    world = await createRoleWorld(live.db);
  });
  afterAll(async () => live?.close());

  it('refuse the sandbox-only switches and keep disabling login', async () => {
    const call = apiAs(live.app, world.tokens.supervisor!);
    for (const name of ['extension_connected', 'payment_provider_blocked']) {
      const refused = await call('POST', '/lab/set_toggle', { payload: { name, value: false } });
      expect(refused.status).toBe(409);
      expect(refused.body.error.details).toEqual({ reason: 'sandbox_only' });
    }
    expect((await call('POST', '/lab/set_toggle', { payload: { name: 'login_disabled', value: true } })).status).toBe(200);
    const status = (await live.app.inject({ method: 'GET', url: '/api/v1/status' })).json();
    expect(status.features.login_disabled).toBe(true);
  });
});
