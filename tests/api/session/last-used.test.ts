import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../../server/db/schema';
import { hashToken } from '../../../server/domain/tokens';
import { databaseKinds } from '../../support/database';
import { SPEC_LAST_USE_RESOLUTION_MS } from '../../support/spec-numbers';
import { bearer, signInAs } from '../support/sandbox-session';
import { TEST_WORLD_SCALE } from '../support/seeded-server';
import { createTestServer, type TestServer } from '../support/test-server';

describe.each(databaseKinds())("a session's last use on %s", (kind) => {
  let server: TestServer;
  let clock = new Date('2026-11-21T10:00:00Z');
  beforeAll(async () => {
    server = await createTestServer(kind, { sandboxScale: TEST_WORLD_SCALE }, { now: () => clock }, 'seeded');
  });
  afterAll(async () => server?.close());

  it('is written on a request, then at most once a minute however many requests come', async () => {
    const { token } = await signInAs(server.app, 'ada');
    const callAt = async (at: string) => {
      clock = new Date(at);
      const answer = await server.app.inject({ method: 'GET', url: '/api/v1/groups', headers: bearer(token) });
      expect(answer.statusCode).toBe(200);
      const [session] = await server.db.select({ at: sessions.last_used_at }).from(sessions).where(eq(sessions.token_hash, hashToken(token)));
      return session!.at?.toISOString();
    };

    const written = '2026-11-21T10:05:00.000Z';
    const later = (millis: number) => new Date(Date.parse(written) + millis).toISOString();
    expect(await callAt(written)).toBe(written);
    expect(await callAt(later(SPEC_LAST_USE_RESOLUTION_MS - 1))).toBe(written);
    expect(await callAt(later(SPEC_LAST_USE_RESOLUTION_MS))).toBe(later(SPEC_LAST_USE_RESOLUTION_MS));
  });
});
