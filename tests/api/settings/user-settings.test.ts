import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit_logs, users } from '../../../server/db/schema';
import { databaseKinds } from '../../support/database';
import { createResponseValidator } from '../support/contract-schemas';
import { createRoleWorld, openRoleSession, type Role, type RoleWorld } from '../support/roles';
import { bearer } from '../support/sandbox-session';
import { dataDigests } from '../support/table-counts';
import { createTestServer, type TestServer } from '../support/test-server';

const contract = createResponseValidator();

/** The contract's UserSettings for someone who never saved any: the browser's time zone, 25 members a page (part 2 §9), emails on. */
const DEFAULTS = { timezone: null, members_per_page: 25, email_notifications: true };

describe.each(databaseKinds())('user settings on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  beforeAll(async () => {
    server = await createTestServer(kind);
    world = await createRoleWorld(server.db);
  });
  afterAll(async () => server?.close());

  async function call(role: Role, method: 'GET' | 'POST', payload?: unknown, headers: Record<string, string> = {}) {
    const token = (await openRoleSession(server.db, world, role))!;
    const response = await server.app.inject({
      method,
      url: '/api/v1/settings',
      headers: { ...bearer(token), ...headers },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
    expect(contract.validate('/settings', method, response.statusCode, response.json()), response.body).toBeUndefined();
    return response;
  }

  const userAudits = (role: Exclude<Role, 'anonymous'>) =>
    server.db
      .select({ kind: audit_logs.kind, groupId: audit_logs.group_id, data: audit_logs.data })
      .from(audit_logs)
      .where(and(eq(audit_logs.user_id, world.userIds[role]), eq(audit_logs.kind, 'settings_updated'), isNull(audit_logs.group_id)))
      .orderBy(audit_logs.id);

  it('gives a user who never saved any the defaults', async () => {
    const response = await call('subscriber', 'GET');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ settings: DEFAULTS });
  });

  it('saves only the keys sent, for the caller alone, and audits each change for the user', async () => {
    const saved = await call('groupAdmin', 'POST', { settings: { timezone: 'Europe/Berlin', members_per_page: 100 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ settings: { timezone: 'Europe/Berlin', members_per_page: 100, email_notifications: true } });
    await call('groupAdmin', 'POST', { settings: { email_notifications: false } });
    expect((await call('groupAdmin', 'GET')).json()).toEqual({ settings: { timezone: 'Europe/Berlin', members_per_page: 100, email_notifications: false } });
    expect((await call('otherGroupAdmin', 'GET')).json()).toEqual({ settings: DEFAULTS });
    expect(await userAudits('groupAdmin')).toEqual([
      { kind: 'settings_updated', groupId: null, data: { ip: '127.0.0.1', diff: { timezone: [null, 'Europe/Berlin'], members_per_page: [25, 100] } } },
      { kind: 'settings_updated', groupId: null, data: { ip: '127.0.0.1', diff: { email_notifications: [true, false] } } },
    ]);
  });

  it('goes back to the browser’s time zone with null, and writes no audit for values already saved', async () => {
    await call('groupAdmin', 'POST', { settings: { timezone: null, members_per_page: 100 } });
    expect((await call('groupAdmin', 'GET')).json().settings.timezone).toBeNull();
    const audits = await userAudits('groupAdmin');
    expect(audits.at(-1)!.data).toEqual({ ip: '127.0.0.1', diff: { timezone: ['Europe/Berlin', null] } });
    await call('groupAdmin', 'POST', { settings: { members_per_page: 100 } });
    await call('groupAdmin', 'POST', { settings: {} });
    expect(await userAudits('groupAdmin')).toHaveLength(audits.length);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const before = await dataDigests(server.db);
    const cases: [unknown, string][] = [
      [{ settings: { timezone: 'Mars/Olympus_Mons' } }, 'settings.timezone'],
      [{ settings: { timezone: 'Europe/Berlin; DROP TABLE users' } }, 'settings.timezone'],
      [{ settings: { members_per_page: 30 } }, 'settings.members_per_page'],
      [{ settings: { members_per_page: 'many' } }, 'settings.members_per_page'],
      [{ settings: { email_notifications: 'sometimes' } }, 'settings.email_notifications'],
      [{ settings: { language: 'de' } }, 'settings.language'],
      [{ settings: { timezone: 'UTC' }, user_id: world.userIds.subscriber }, 'user_id'],
      [{}, 'settings'],
    ];
    for (const [payload, field] of cases) {
      const refused = await call('groupAdmin', 'POST', payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().error.details.field, JSON.stringify(payload)).toBe(field);
    }
    const asText = await call('groupAdmin', 'POST', JSON.stringify({ settings: { timezone: 'UTC' } }), { 'content-type': 'text/plain' });
    expect(asText.statusCode).toBe(415);
    expect(await dataDigests(server.db)).toEqual(before);
  });

  it('answers the defaults for stored values the contract does not admit', async () => {
    await server.db
      .update(users)
      .set({ settings: { timezone: 'Nowhere/Land', members_per_page: 7, email_notifications: 'no' } })
      .where(eq(users.id, world.userIds.otherGroupAdmin));
    expect((await call('otherGroupAdmin', 'GET')).json()).toEqual({ settings: DEFAULTS });
  });
});
