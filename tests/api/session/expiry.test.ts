import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { databaseKinds } from '../../support/database';
import { SPEC_SESSION_TTL_DAYS } from '../../support/spec-numbers';
import { bearer, signInAs } from '../support/sandbox-session';
import { createTestServer, type TestServer } from '../support/test-server';

const DAY_MS = 24 * 60 * 60_000;

describe('the session lifetime setting', () => {
  it('is 30 days unless SESSION_TTL_DAYS says otherwise, and at least a day', () => {
    expect(loadConfig({}).sessionTtlDays).toBe(SPEC_SESSION_TTL_DAYS);
    expect(loadConfig({ SESSION_TTL_DAYS: '7' }).sessionTtlDays).toBe(7);
    expect(() => loadConfig({ SESSION_TTL_DAYS: '0' })).toThrow(/SESSION_TTL_DAYS/);
    expect(() => loadConfig({ SESSION_TTL_DAYS: 'forever' })).toThrow(/SESSION_TTL_DAYS/);
  });
});

describe.each(databaseKinds())('session expiry on %s', (kind) => {
  const TTL_DAYS = SPEC_SESSION_TTL_DAYS;
  let server: TestServer;
  let clock = new Date('2026-11-21T10:00:00Z');
  beforeAll(async () => {
    server = await createTestServer(kind, { sessionTtlDays: TTL_DAYS }, { now: () => clock });
  });
  afterAll(async () => server?.close());

  const at = (base: Date, ms: number) => new Date(base.getTime() + ms);
  const getSessionAt = (when: Date, token: string) => {
    clock = when;
    return server.app.inject({ method: 'GET', url: '/api/v1/session', headers: bearer(token) });
  };

  it('slides on with each use: a session used within every period stays signed in', async () => {
    const opened = new Date('2026-11-21T10:00:00Z');
    clock = opened;
    const { token } = await signInAs(server.app, 'ada');
    const firstUse = at(opened, TTL_DAYS * DAY_MS);
    expect((await getSessionAt(firstUse, token)).statusCode).toBe(200);
    const secondUse = at(firstUse, TTL_DAYS * DAY_MS);
    expect((await getSessionAt(secondUse, token)).statusCode).toBe(200);
    expect((await getSessionAt(at(secondUse, TTL_DAYS * DAY_MS), token)).statusCode).toBe(200);
  });

  it('ends a session left unused for longer than the period, with X-Force-Logout', async () => {
    const opened = new Date('2026-12-01T10:00:00Z');
    clock = opened;
    const { token } = await signInAs(server.app, 'ada');
    const lastUse = at(opened, 3 * DAY_MS);
    expect((await getSessionAt(lastUse, token)).statusCode).toBe(200);

    const expired = await getSessionAt(at(lastUse, TTL_DAYS * DAY_MS + 1000), token);
    expect(expired.statusCode).toBe(401);
    expect(expired.headers['x-force-logout']).toBe('1');
    expect(expired.json().error).toEqual({ code: 'unauthorized', message: 'Your session has ended, sign in again' });
  });

  it('ends a session never used after it was opened, a period after the opening', async () => {
    const opened = new Date('2027-02-01T10:00:00Z');
    clock = opened;
    const { token } = await signInAs(server.app, 'ada');
    const expired = await getSessionAt(at(opened, TTL_DAYS * DAY_MS + 1000), token);
    expect(expired.statusCode).toBe(401);
    expect(expired.headers['x-force-logout']).toBe('1');
  });
});
