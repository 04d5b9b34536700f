import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../support/database';
import { createResponseValidator } from '../support/contract-schemas';
import { createRoleWorld, openRoleSession, type Role, type RoleWorld } from '../support/roles';
import { bearer } from '../support/sandbox-session';
import { createTestServer, type TestServer } from '../support/test-server';

const contract = createResponseValidator();

describe.each(databaseKinds())('flags on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  beforeAll(async () => {
    server = await createTestServer(kind);
    world = await createRoleWorld(server.db);
  });
  afterAll(async () => server?.close());

  async function call(role: Role, method: 'GET' | 'POST', url: string, payload?: object) {
    const token = (await openRoleSession(server.db, world, role))!;
    const response = await server.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
    if (response.statusCode === 200) {
      const path = url.startsWith('/groups/') ? '/groups/{id}/flags' : url;
      expect(contract.validate(path, method, 200, response.json())).toBeUndefined();
    }
    return response;
  }

  it('gives a new user the default flags', async () => {
    expect((await call('subscriber', 'GET', '/flags')).json().flags).toEqual({
      connects_is_enabled: true,
      onboarding_completed: false,
      welcome_page_seen: false,
      robot_training: false,
      count_share_facebook_referral: 0,
    });
  });

  it('saves only the user flags sent and keeps them', async () => {
    const saved = await call('groupAdmin', 'POST', '/flags', { flags: { welcome_page_seen: true, count_share_facebook_referral: 4 } });
    expect(saved.statusCode).toBe(200);
    await call('groupAdmin', 'POST', '/flags', { flags: { onboarding_completed: true } });
    expect((await call('groupAdmin', 'GET', '/flags')).json().flags).toEqual({
      connects_is_enabled: true,
      onboarding_completed: true,
      welcome_page_seen: true,
      robot_training: false,
      count_share_facebook_referral: 4,
    });
    expect((await call('otherGroupAdmin', 'GET', '/flags')).json().flags.welcome_page_seen).toBe(false);
  });

  it('lets only supervisors change robot_training', async () => {
    const refused = await call('groupAdmin', 'POST', '/flags', { flags: { robot_training: true, welcome_page_seen: false } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.details).toEqual({ reason: 'supervisor_only' });
    expect((await call('groupAdmin', 'GET', '/flags')).json().flags).toMatchObject({ robot_training: false, welcome_page_seen: true });
    expect((await call('groupAdmin', 'POST', '/flags', { flags: { robot_training: false } })).statusCode).toBe(200);
    const supervisor = await call('supervisor', 'POST', '/flags', { flags: { robot_training: true } });
    expect(supervisor.json().flags.robot_training).toBe(true);
  });

  it('keeps the onboarding progress for the next session, and forgets it when told', async () => {
    const progress = {
      groups: [{ id: world.group.id, fb_group_id: '7001', fb_slug: null, name: 'Book Club', avatar_url: null, role: 'admin', is_acquired: true }],
      chosen_group_id: world.group.id,
      ownership: 'acquired',
      members_scan: null,
      engagements_scan: null,
    };
    const saved = await call('subscriber', 'POST', '/flags', { flags: { onboarding_progress: progress } });
    expect(saved.json().flags.onboarding_progress).toEqual(progress);
    // A new sign-in: the session's user carries the progress, so the wizard resumes where it stopped.
    const token = (await openRoleSession(server.db, world, 'subscriber'))!;
    const session = await server.app.inject({ method: 'GET', url: '/api/v1/session', headers: bearer(token) });
    expect(contract.validate('/session', 'GET', 200, session.json())).toBeUndefined();
    expect(session.json().user.flags.onboarding_progress).toEqual(progress);
    await call('subscriber', 'POST', '/flags', { flags: { onboarding_completed: true, onboarding_progress: null } });
    const flags = (await call('subscriber', 'GET', '/flags')).json().flags;
    expect(flags.onboarding_completed).toBe(true);
    expect(flags).not.toHaveProperty('onboarding_progress');
  });

  it('refuses an onboarding progress of another shape and keeps the one saved', async () => {
    const progress = { groups: null, chosen_group_id: null, ownership: null, members_scan: null, engagements_scan: null };
    await call('otherGroupAdmin', 'POST', '/flags', { flags: { onboarding_progress: progress } });
    const refused = await call('otherGroupAdmin', 'POST', '/flags', { flags: { onboarding_progress: { ...progress, ownership: 'stolen' } } });
    expect(refused.statusCode).toBe(400);
    expect((await call('otherGroupAdmin', 'GET', '/flags')).json().flags.onboarding_progress).toEqual(progress);
  });

  it('round-trips the group flags', async () => {
    const url = `/groups/${world.group.id}/flags`;
    expect((await call('groupAdmin', 'GET', url)).json().flags).toEqual({ checkbox_payment_terms_accept: false, count_payment_error: 0 });
    const saved = await call('groupAdmin', 'POST', url, { flags: { checkbox_payment_terms_accept: true } });
    expect(saved.json().flags).toEqual({ checkbox_payment_terms_accept: true, count_payment_error: 0 });
    expect((await call('groupAdmin', 'GET', url)).json().flags.checkbox_payment_terms_accept).toBe(true);
  });

  it('raises count_payment_error by exactly one per reported error, also when reports arrive together', async () => {
    const url = `/groups/${world.otherGroup.id}/flags`;
    const first = await call('otherGroupAdmin', 'POST', url, { flags: { count_payment_error: 1 } });
    expect(first.json().flags.count_payment_error).toBe(1);
    // Five tabs that all saw 1 report an error at once: each report counts.
    const reports = await Promise.all(
      Array.from({ length: 5 }, () => call('otherGroupAdmin', 'POST', url, { flags: { count_payment_error: 2 } })),
    );
    expect(reports.map((report) => report.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await call('otherGroupAdmin', 'GET', url)).json().flags).toEqual({ checkbox_payment_terms_accept: false, count_payment_error: 6 });
  });

  it('keeps a group flags to its admins', async () => {
    expect((await call('groupAdmin', 'GET', `/groups/${world.otherGroup.id}/flags`)).statusCode).toBe(404);
    const refused = await call('subscriber', 'POST', `/groups/${world.group.id}/flags`, { flags: { count_payment_error: 1 } });
    expect(refused.statusCode).toBe(404);
  });
});
