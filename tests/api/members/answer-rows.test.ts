import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, memberships } from '../../../server/db/schema';
import { readMemberListAnswer, readMemberPage } from '../../../server/domain/member-lists';
import { groupMemberView } from '../../../server/handlers/views/group-member';
import { MEMBER_SORT_FIELDS, type MemberListName } from '../../../rules/memberLists';
import { databaseKinds } from '../../support/database';
import { createResponseValidator } from '../support/contract-schemas';
import { bearer, groupIdsByName, signInAs } from '../support/sandbox-session';
import { createSeededServer } from '../support/seeded-server';
import type { TestServer } from '../support/test-server';

const contract = createResponseValidator();

/** The origin the requests reach the server at, which our own images' URLs are made on. */
const HOST = 'members.example.test';

/**
 * The list answers its members as JSON that PostgreSQL builds; groupMemberView makes the same
 * answer of a member row in the server. Both must agree on every value the rows can hold.
 */
describe.each(databaseKinds())('the members list answers each member as its row reads on %s', (kind) => {
  let server: TestServer;
  let token: string;
  let groupId: number;

  beforeAll(async () => {
    server = await createSeededServer(kind, { rateLimits: 'off' });
    token = (await signInAs(server.app, 'ada')).token;
    groupId = (await groupIdsByName(server.app, token))['Trail Runners Worldwide']!;
    // Every subscription state (the contract's, others, none), paid unset, timestamps with
    // microseconds that round up, no activity, and avatars stored as our paths, as URLs or not at all.
    await server.db.execute(sql`UPDATE ${memberships} SET
      subscription_status = (ARRAY['active', 'failed', 'past_due', NULL, 'canceled'])[id % 5 + 1],
      subscription = CASE WHEN id % 3 = 0 THEN 'sub_' || id END,
      paid = CASE WHEN id % 4 = 0 THEN NULL ELSE id % 7 END,
      created_at = timestamptz '2025-01-01 00:00:00.999999+00' + (id % 13) * interval '1 day' + (id % 17) * interval '1 second',
      updated_at = timestamptz '2025-06-01 23:59:59.123456+02' + (id % 777) * interval '1 millisecond',
      last_activity_at = CASE WHEN id % 6 = 0 THEN NULL ELSE timestamptz '2026-01-01 10:00:00.000500+00' - (id % 31) * interval '1 day' END
      WHERE group_id = ${groupId}`);
    await server.db.execute(sql`UPDATE ${members} SET
      avatar_url = CASE WHEN id % 3 = 0 THEN '/sandbox/avatars/' || id || '.png' WHEN id % 3 = 1 THEN 'https://cdn.example.com/a' || id END,
      bio = CASE WHEN id % 2 = 0 THEN 'bio "quoted" \\ ünïcode ' || id END`);
  });
  afterAll(async () => server?.close());

  const request = { host: HOST, protocol: 'http' } as FastifyRequest;

  it.each(['active', 'all_members'] as MemberListName[])('on the %s list, by every sort both ways', async (list) => {
    const statuses = new Set<string | null>();
    for (const sortBy of MEMBER_SORT_FIELDS) {
      for (const sortDirection of ['asc', 'desc'] as const) {
        const response = await server.app.inject({
          method: 'GET',
          url: `/api/v1/groups/${groupId}/members?list=${list}&sort_by=${sortBy}&sort_direction=${sortDirection}&per_page=100`,
          headers: { ...bearer(token), host: HOST },
        });
        expect(response.statusCode, response.body).toBe(200);
        const answer = response.json();
        expect(contract.validate('/groups/{id}/members', 'GET', 200, answer)).toBeUndefined();
        const rows = await readMemberPage(server.db, { groupId, list, sortBy, sortDirection }, 1, 100);
        expect(rows.length).toBeGreaterThan(0);
        expect(answer.members).toEqual(rows.map((row) => groupMemberView(request, row)));
        for (const member of answer.members as Array<{ subscription_status: string | null }>) statuses.add(member.subscription_status);
      }
    }
    expect(statuses).toEqual(new Set(['active', 'failed', 'other', null]));
  });

  it('has no answer for a group that is not there', async () => {
    expect(await readMemberListAnswer(server.db, { groupId: 2_000_000_000, list: 'active', sortBy: 'name', sortDirection: 'asc' }, 25, { page: 1 })).toBeUndefined();
  });
});
