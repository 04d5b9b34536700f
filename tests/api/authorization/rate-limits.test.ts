import { text } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpOnlyDatabase } from '../../support/database';
import { SPEC_RATE_LIMITS } from '../../support/spec-numbers';
import { createResponseValidator } from '../support/contract-schemas';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { bearer } from '../support/sandbox-session';
import { createTestServer, type TestServer } from '../support/test-server';

const contract = createResponseValidator();

describe.each(httpOnlyDatabase())('per-user rate limits on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  let clock = new Date('2026-03-02T10:00:00Z');
  const tick = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  beforeAll(async () => {
    server = await createTestServer(kind, {}, { now: () => clock });
    world = await createRoleWorld(server.db);
  });
  afterAll(async () => server?.close());

  const get = (url: string, role: 'groupAdmin' | 'otherGroupAdmin' = 'groupAdmin') =>
    server.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(world.tokens[role]!) });

  /** The 429 answer: the error shape, Retry-After in whole seconds, the version headers, as the contract declares it. */
  const expectTooMany = (response: Awaited<ReturnType<typeof get>>, path: string, reason: string, retryAfter: number) => {
    expect(response.statusCode, response.body).toBe(429);
    expect(response.json()).toEqual({ error: { code: 'too_many_requests', message: expect.any(String), details: { reason } } });
    expect(response.headers['retry-after']).toBe(String(retryAfter));
    expect(response.headers['x-app-version']).toBe(server.config.appVersion);
    expect(contract.validate(path, 'GET', 429, response.json())).toBeUndefined();
  };

  describe('searches', () => {
    const search = (text = 'test') => get(`/groups/${world.group.id}/members?list=all_members&search=${encodeURIComponent(text)}`);

    it('answer 429 with Retry-After once a user has spent the burst, whichever call searches', async () => {
      for (let call = 0; call < SPEC_RATE_LIMITS.search.burst; call += 1) expect((await search()).statusCode).toBe(200);
      expectTooMany(await search(), '/groups/{id}/members', 'search_rate', 1);
      expectTooMany(await get(`/groups/${world.group.id}/posts?search=test`), '/groups/{id}/posts', 'search_rate', 1);
      expectTooMany(await get(`/autocomplete/members?group_id=${world.group.id}&search=test`), '/autocomplete/members', 'search_rate', 1);
    });

    it('leave calls that do not search, and other users, alone', async () => {
      expect((await get(`/groups/${world.group.id}/members?list=all_members`)).statusCode).toBe(200);
      expect((await search('   ')).statusCode).toBe(200);
      expect((await get(`/groups/${world.otherGroup.id}/members?search=test`, 'otherGroupAdmin')).statusCode).toBe(200);
    });

    it('come back as the clock refills the bucket, ten a second', async () => {
      tick(1000 / SPEC_RATE_LIMITS.search.perSecond - 1);
      expect((await search()).statusCode).toBe(429);
      tick(1);
      expect((await search()).statusCode).toBe(200);
      expect((await search()).statusCode).toBe(429);
      tick((SPEC_RATE_LIMITS.search.burst / SPEC_RATE_LIMITS.search.perSecond) * 1000);
      for (let call = 0; call < SPEC_RATE_LIMITS.search.burst; call += 1) expect((await search()).statusCode).toBe(200);
      expect((await search()).statusCode).toBe(429);
    });
  });

  describe('exports', () => {
    const exportOf = (groupId: number, role: 'groupAdmin' | 'otherGroupAdmin') => get(`/groups/${groupId}/members/export?list=all_members`, role);
    const secondsPerExport = SPEC_RATE_LIMITS.export.secondsPerStart;

    it('answer 429 with Retry-After after a burst of exports in a row, until the clock refills the bucket', async () => {
      for (let call = 0; call < SPEC_RATE_LIMITS.export.burst; call += 1) expect((await exportOf(world.otherGroup.id, 'otherGroupAdmin')).statusCode).toBe(200);
      expectTooMany(await exportOf(world.otherGroup.id, 'otherGroupAdmin'), '/groups/{id}/members/export', 'export_rate', secondsPerExport);
      tick(secondsPerExport * 1000 - 1);
      expectTooMany(await exportOf(world.otherGroup.id, 'otherGroupAdmin'), '/groups/{id}/members/export', 'export_rate', 1);
      tick(1);
      expect((await exportOf(world.otherGroup.id, 'otherGroupAdmin')).statusCode).toBe(200);
      expect((await exportOf(world.otherGroup.id, 'otherGroupAdmin')).statusCode).toBe(429);
    });

    it('let a user run two at once; a third waits until one of them is over', async () => {
      tick(SPEC_RATE_LIMITS.export.burst * secondsPerExport * 1000);
      // Enough members that an export nobody reads stays running: its file does not fit the buffers.
      await server.db.execute(sql`
        WITH made AS (
          INSERT INTO members (fb_user_id, name) SELECT (5300000000 + i)::text, 'Exported ' || i FROM generate_series(1, 3000) AS i RETURNING id, name
        )
        INSERT INTO memberships (group_id, member_id, member_name) SELECT ${world.group.id}::int, id, name FROM made`);
      const url = `/api/v1/groups/${world.group.id}/members/export?list=all_members`;
      const open = () => server.app.inject({ method: 'GET', url, headers: bearer(world.tokens.groupAdmin!), payloadAsStream: true });
      const [first, second] = [await open(), await open()];
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      expectTooMany(await exportOf(world.group.id, 'groupAdmin'), '/groups/{id}/members/export', 'exports_running', SPEC_RATE_LIMITS.export.busyRetryAfterSeconds);
      expect((await exportOf(world.otherGroup.id, 'otherGroupAdmin')).statusCode).toBe(200);

      const firstFile = await text(first.stream());
      expect(firstFile.trimEnd().split('\r\n').length).toBeGreaterThan(3000);
      const third = await exportOf(world.group.id, 'groupAdmin');
      expect(third.statusCode, third.body).toBe(200);
      expect(third.body).toBe(firstFile);
      await text(second.stream());
    });
  });
});
