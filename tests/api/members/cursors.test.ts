import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups, members, memberships, users } from '../../../server/db/schema';
import { MEMBER_SORT_FIELDS, type MemberListName } from '../../../rules/memberLists';
import { databaseKinds } from '../../support/database';
import { createResponseValidator } from '../support/contract-schemas';
import { bearer, signInAs } from '../support/sandbox-session';
import { createSeededServer } from '../support/seeded-server';
import type { TestServer } from '../support/test-server';

const contract = createResponseValidator();

interface MembersPage {
  members: Array<{ id: number; name: string; fb_username: string | null }>;
  count: number;
  next_cursor: string | null;
  previous_cursor: string | null;
}

const PER_PAGE = 4;

describe.each(databaseKinds())('the members list pages by cursor on %s', (kind) => {
  let server: TestServer;
  let token: string;
  let groupId: number;
  let otherGroupId: number;

  beforeAll(async () => {
    // Every page of every sort, searched too: more searches than one person's rate allows.
    server = await createSeededServer(kind, { rateLimits: 'off' });
    token = (await signInAs(server.app, 'ada')).token;
    const [ada] = await server.db.select({ fbUserId: users.fb_user_id }).from(users).where(eq(users.name, 'Ada Admin'));
    const [adaMember] = await server.db.select({ id: members.id }).from(members).where(eq(members.fb_user_id, ada!.fbUserId!));
    const made = await server.db
      .insert(groups)
      .values([
        { fb_group_id: '7900001', name: 'Cursor Group', subscribed_plan: 'annual' },
        { fb_group_id: '7900002', name: 'Cursor Neighbours', subscribed_plan: 'annual' },
      ])
      .returning({ id: groups.id });
    [groupId, otherGroupId] = made.map((group) => group.id) as [number, number];
    await server.db.insert(memberships).values({ group_id: groupId, member_id: adaMember!.id, member_name: 'Ada Admin', role: 'admin', is_admin_holder: true });
    const people = await server.db
      .insert(members)
      .values(
        Array.from({ length: 23 }, (_, index) => ({
          fb_user_id: `79100${String(index).padStart(2, '0')}`,
          name: `Tie ${index % 3}`,
          fb_username: index % 2 === 0 ? `tied.${index}` : null,
        })),
      )
      .returning({ id: members.id, name: members.name });
    const at = new Date('2026-03-04T05:06:07.000Z');
    await server.db.insert(memberships).values(
      people.map((person, index) => ({
        group_id: groupId,
        member_id: person.id,
        member_name: person.name,
        posts_count: index % 2,
        reactions_count: index % 4,
        // Equal instants, a microsecond apart, and none at all.
        last_activity_at: index % 3 === 0 ? null : index % 3 === 1 ? at : sql`${at.toISOString()}::timestamptz + interval '1 microsecond'`,
        paid: index % 5 === 0 ? null : (index % 2) * 500,
        subscription_status: index % 4 === 0 ? null : index % 4 === 1 ? 'active' : 'failed',
        is_whitelisted: index % 7 === 0,
        is_removed: index % 11 === 0,
      })),
    );
  });
  afterAll(async () => server?.close());

  const get = (query: string, id = groupId) => server.app.inject({ method: 'GET', url: `/api/v1/groups/${id}/members?${query}`, headers: bearer(token) });

  const list = async (query: string): Promise<MembersPage> => {
    const response = await get(query);
    expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
    expect(contract.validate('/groups/{id}/members', 'GET', 200, response.json())).toBeUndefined();
    return response.json() as MembersPage;
  };

  const idsOf = (page: MembersPage) => page.members.map((member) => member.id);

  it('reads the same pages by cursor as by number, forwards and backwards, for every sort, list and direction, searched or not', async () => {
    for (const [list_, search] of [['all_members', ''], ['inactive', ''], ['all_members', 'tie'], ['all_members', 'TIED']] as Array<[MemberListName, string]>) {
      for (const sortBy of MEMBER_SORT_FIELDS) {
        for (const direction of ['asc', 'desc'] as const) {
          const filters = `list=${list_}&search=${search}&sort_by=${sortBy}&sort_direction=${direction}&per_page=${PER_PAGE}`;
          const byNumber: number[][] = [];
          const first = await list(`${filters}&page=1`);
          const pages = Math.ceil(first.count / PER_PAGE);
          expect(pages, filters).toBeGreaterThan(1);
          for (let page = 1; page <= pages; page += 1) byNumber.push(idsOf(await list(`${filters}&page=${page}`)));

          const forwards = [idsOf(first)];
          let at = first;
          for (let page = 2; at.next_cursor; page += 1) {
            at = await list(`${filters}&page=${page}&cursor=${at.next_cursor}`);
            forwards.push(idsOf(at));
          }
          expect(forwards, `${filters} forwards`).toEqual(byNumber);

          expect(at.previous_cursor, filters).not.toBeNull();
          const backwards = [idsOf(at)];
          for (let page = pages - 1; at.previous_cursor; page -= 1) {
            at = await list(`${filters}&page=${page}&cursor=${at.previous_cursor}`);
            backwards.unshift(idsOf(at));
          }
          expect(backwards, `${filters} backwards`).toEqual(byNumber);
        }
      }
    }
  });

  it('gives no next cursor on the last page and no previous one on the first', async () => {
    const first = await list(`list=all_members&per_page=${PER_PAGE}`);
    expect(first.previous_cursor).toBeNull();
    const last = await list(`list=all_members&per_page=${PER_PAGE}&page=${Math.ceil(first.count / PER_PAGE)}`);
    expect(last.next_cursor).toBeNull();
    expect(last.previous_cursor).not.toBeNull();
  });

  it('refuses with 400 a cursor that is altered, made up, or of another page or query', async () => {
    const filters = `list=all_members&sort_by=last_activity_at&per_page=${PER_PAGE}`;
    const next = (await list(filters)).next_cursor!;
    expect((await get(`${filters}&page=2&cursor=${next}`)).statusCode).toBe(200);
    const body = JSON.parse(Buffer.from(next, 'base64url').toString()) as Record<string, unknown>;
    const forge = (change: Record<string, unknown>) => Buffer.from(JSON.stringify({ ...body, ...change })).toString('base64url');
    const refused = [
      `${filters}&page=2&cursor=bm90LWpzb24`,
      `${filters}&page=2&cursor=${Buffer.from('[1,2]').toString('base64url')}`,
      `${filters}&page=2&cursor=${forge({ k: 'not a time' })}`,
      `${filters}&page=2&cursor=${forge({ k: '2026-13-45 05:06:07+00' })}`,
      `${filters}&page=2&cursor=${forge({ k: 12 })}`,
      `${filters}&page=2&cursor=${forge({ i: -1 })}`,
      `${filters}&page=2&cursor=${forge({ i: 2 ** 31 })}`,
      `${filters}&page=2&cursor=${forge({ t: 'x' })}`,
      `list=all_members&sort_by=posts_count&per_page=${PER_PAGE}&page=2&cursor=${forge({ k: 'not a count' })}`,
      `${filters}&page=3&cursor=${next}`,
      `${filters}&page=2&sort_direction=desc&cursor=${next}`,
      `list=active&sort_by=last_activity_at&per_page=${PER_PAGE}&page=2&cursor=${next}`,
      `${filters}&page=2&search=tie&cursor=${next}`,
    ];
    for (const query of refused) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(400);
      expect(contract.validate('/groups/{id}/members', 'GET', 400, response.json()), query).toBeUndefined();
      expect(response.json().error.code, query).toBe('bad_request');
    }
    // Not a cursor of this group either: the group is part of the query a cursor belongs to.
    expect((await get(`${filters}&page=2&cursor=${next}`, otherGroupId)).statusCode).toBe(404);
  });

  it("searches the group's usernames only, following a member's new username", async () => {
    const search = async (text: string) => (await list(`list=all_members&per_page=100&search=${text}`)).members.map((member) => member.fb_username);
    expect(await search('tied.1')).toEqual(expect.arrayContaining(['tied.10', 'tied.12']));
    const [neighbour] = await server.db.insert(members).values({ fb_user_id: '7920001', name: 'Neighbour', fb_username: 'tied.neighbour' }).returning({ id: members.id });
    await server.db.insert(memberships).values({ group_id: otherGroupId, member_id: neighbour!.id, member_name: 'Neighbour' });
    expect(await search('neighbour')).toEqual([]);
    const [renamed] = await server.db.select({ id: members.id }).from(members).where(eq(members.fb_user_id, '7910002'));
    await server.db.update(members).set({ fb_username: 'renamed.someone' }).where(eq(members.id, renamed!.id));
    expect(await search('renamed.some')).toEqual(['renamed.someone']);
    expect(await search('tied.2')).toEqual(expect.arrayContaining(['tied.20', 'tied.22']));
    expect(await search('tied.2')).not.toContain('tied.2');
  });
});
