import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups, members, memberships } from '../../../server/db/schema';
import { readMemberChunks, readMemberPage, type MemberListQuery } from '../../../server/domain/member-lists';
import { MEMBER_SORT_FIELDS, type MemberListName } from '../../../rules/memberLists';
import { databaseKinds } from '../../support/database';
import { createResponseValidator } from '../support/contract-schemas';
import { bearer, groupIdsByName, signInAs } from '../support/sandbox-session';
import { createSeededServer } from '../support/seeded-server';
import type { TestServer } from '../support/test-server';

const contract = createResponseValidator();

interface MemberItem {
  id: number;
  name: string;
  fb_username: string | null;
  posts_count: number;
  is_whitelisted: boolean;
  is_removed: boolean;
  last_activity_at: string | null;
}

describe.each(databaseKinds())('the member lists on %s', (kind) => {
  let server: TestServer;
  let token: string;
  let groupId: number;
  beforeAll(async () => {
    server = await createSeededServer(kind);
    token = (await signInAs(server.app, 'ada')).token;
    groupId = (await groupIdsByName(server.app, token))['Trail Runners Worldwide']!;
  });
  afterAll(async () => server?.close());

  const list = async (query: string) => {
    const response = await server.app.inject({ method: 'GET', url: `/api/v1/groups/${groupId}/members?${query}`, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    expect(contract.validate('/groups/{id}/members', 'GET', 200, response.json())).toBeUndefined();
    return response.json() as { members: MemberItem[]; count: number; count_all: Record<string, number>; count_filtered: Record<string, number> };
  };

  it('counts every list and pages through one without gaps or repeats', async () => {
    const first = await list('list=all_members&per_page=100');
    const { count_all: all } = first;
    expect(all.all_members).toBe(all.active + all.inactive + all.whitelisted + all.removed);
    expect(all.active).toBeGreaterThan(0);
    expect(first.count).toBe(all.all_members);
    expect(first.count_filtered).toEqual(all);
    const seen = new Set<number>();
    for (let page = 1; (page - 1) * 100 < all.all_members; page += 1) {
      for (const member of (await list(`list=all_members&per_page=100&page=${page}`)).members) seen.add(member.id);
    }
    expect(seen.size).toBe(all.all_members);
  });

  it('defaults to the active list by name, 25 a page', async () => {
    const page = await list('');
    expect(page.members).toHaveLength(Math.min(25, page.count_all.active));
    expect(page.count).toBe(page.count_all.active);
    expect(page.members.every((member) => !member.is_removed && !member.is_whitelisted && member.posts_count >= 0)).toBe(true);
  });

  it('keeps each list to its members', async () => {
    const whitelisted = await list('list=whitelisted&per_page=100');
    expect(whitelisted.members.every((member) => member.is_whitelisted && !member.is_removed)).toBe(true);
    const removed = await list('list=removed&per_page=100');
    expect(removed.members.every((member) => member.is_removed)).toBe(true);
  });

  it('sorts by a column in either direction, ties by id', async () => {
    const desc = (await list('list=all_members&sort_by=posts_count&sort_direction=desc&per_page=100')).members;
    for (let i = 1; i < desc.length; i += 1) expect(desc[i - 1].posts_count).toBeGreaterThanOrEqual(desc[i].posts_count);
    const asc = (await list('list=all_members&sort_by=posts_count&sort_direction=asc&per_page=100')).members;
    for (let i = 1; i < asc.length; i += 1) expect(asc[i - 1].posts_count).toBeLessThanOrEqual(asc[i].posts_count);
    for (const sortBy of ['name', 'reactions_count', 'comments_count', 'last_activity_at', 'created_at', 'paid', 'subscription_status']) {
      const first = await list(`list=all_members&sort_by=${sortBy}&per_page=30`);
      const second = await list(`list=all_members&sort_by=${sortBy}&per_page=30&page=2`);
      const ids = [...first.members, ...second.members].map((member) => member.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it('searches names case-insensitively, with % and _ as text', async () => {
    const someone = (await list('list=all_members&per_page=1')).members[0];
    const fragment = someone.name.slice(1, 4);
    const found = await list(`list=all_members&per_page=100&search=${encodeURIComponent(fragment.toUpperCase())}`);
    expect(found.members.map((member) => member.id)).toContain(someone.id);
    expect(
      found.members.every(
        (member) => member.name.toLowerCase().includes(fragment.toLowerCase()) || member.fb_username?.toLowerCase().includes(fragment.toLowerCase()),
      ),
    ).toBe(true);
    expect(found.count).toBe(found.count_filtered.all_members);
    expect(found.count_all.all_members).toBeGreaterThanOrEqual(found.count);
    const wildcard = await list('list=all_members&search=%25');
    expect(wildcard.count).toBe(0);
    expect((await list('list=all_members&search=_')).count).toBe(0);
  });

  it('answers 404 for a group that is not the caller\'s', async () => {
    const otto = (await signInAs(server.app, 'otto')).token;
    const response = await server.app.inject({ method: 'GET', url: `/api/v1/groups/${groupId}/members`, headers: bearer(otto) });
    expect(response.statusCode).toBe(404);
  });

  /** The lists as counted now, straight from the memberships. */
  const countedLists = async (id: number) => {
    const rows = await server.db
      .select({ list: memberships.list, count: sql<number>`count(*)::int` })
      .from(memberships)
      .where(eq(memberships.group_id, id))
      .groupBy(memberships.list);
    const counts: Record<string, number> = { active: 0, inactive: 0, whitelisted: 0, removed: 0, all_members: 0 };
    for (const row of rows) {
      counts[row.list] = row.count;
      counts.all_members += row.count;
    }
    return counts;
  };

  it('keeps the counts right as members join, move between lists and leave', async () => {
    expect((await list('')).count_all).toEqual(await countedLists(groupId));
    const [joining] = await server.db.insert(members).values({ fb_user_id: '7700001', name: 'Counted Joiner' }).returning({ id: members.id });
    await server.db.insert(memberships).values({ group_id: groupId, member_id: joining!.id, member_name: 'Counted Joiner' });
    const afterJoin = (await list('')).count_all;
    expect(afterJoin).toEqual(await countedLists(groupId));
    const where = and(eq(memberships.group_id, groupId), eq(memberships.member_id, joining!.id));
    await server.db.update(memberships).set({ posts_count: 3 }).where(where);
    await server.db.update(memberships).set({ is_whitelisted: true }).where(where);
    const moved = (await list('')).count_all;
    expect(moved).toEqual(await countedLists(groupId));
    expect(moved.whitelisted).toBe(afterJoin.whitelisted + 1);
    expect(moved.inactive).toBe(afterJoin.inactive - 1);
    await server.db.delete(memberships).where(where);
    expect((await list('')).count_all).toEqual(await countedLists(groupId));
  });

  describe('a group whose sort values tie and are missing', () => {
    let tiedGroupId: number;
    beforeAll(async () => {
      const [group] = await server.db.insert(groups).values({ fb_group_id: '7800001', name: 'Tied Group', subscribed_plan: 'annual' }).returning({ id: groups.id });
      tiedGroupId = group!.id;
      const people = await server.db
        .insert(members)
        .values(Array.from({ length: 23 }, (_, index) => ({ fb_user_id: `78100${String(index).padStart(2, '0')}`, name: `Tie ${index % 3}` })))
        .returning({ id: members.id, name: members.name });
      const at = new Date('2026-03-04T05:06:07.000Z');
      await server.db.insert(memberships).values(
        people.map((person, index) => ({
          group_id: tiedGroupId,
          member_id: person.id,
          member_name: person.name,
          posts_count: index % 2,
          reactions_count: index % 4,
          comments_count: 0,
          // Equal instants, a microsecond apart, and none at all.
          last_activity_at: index % 3 === 0 ? null : index % 3 === 1 ? at : sql`${at.toISOString()}::timestamptz + interval '1 microsecond'`,
          paid: index % 5 === 0 ? null : (index % 2) * 500,
          subscription_status: index % 4 === 0 ? null : index % 4 === 1 ? 'active' : 'failed',
          is_whitelisted: index % 7 === 0,
          is_removed: index % 11 === 0,
        })),
      );
    });

    const SORTS = MEMBER_SORT_FIELDS;
    const COLUMN = {
      name: memberships.member_name,
      posts_count: memberships.posts_count,
      reactions_count: memberships.reactions_count,
      comments_count: memberships.comments_count,
      last_activity_at: memberships.last_activity_at,
      created_at: memberships.created_at,
      paid: memberships.paid,
      subscription_status: memberships.subscription_status,
    } as const;

    /** The order a list should come in: the column, then the membership id, in one plain sorted query. */
    const expectedOrder = async (query: MemberListQuery) => {
      const order = query.sortDirection === 'desc' ? desc : asc;
      const rows = await server.db
        .select({ id: memberships.member_id })
        .from(memberships)
        .where(and(eq(memberships.group_id, tiedGroupId), query.list === 'all_members' ? undefined : eq(memberships.list, query.list)))
        .orderBy(order(COLUMN[query.sortBy]), order(memberships.id));
      return rows.map((row) => row.id);
    };

    // Every member's name holds "tie", so a search must keep the whole order too.
    it('pages and exports every sort in the order of the column then id, without gaps or repeats, searched or not', async () => {
      for (const [list, search] of [['all_members', undefined], ['inactive', undefined], ['all_members', 'TIE'], ['inactive', 'tie']] as Array<[MemberListName, string | undefined]>) {
        for (const sortBy of SORTS) {
          for (const sortDirection of ['asc', 'desc'] as const) {
            const query: MemberListQuery = { groupId: tiedGroupId, list, search, sortBy, sortDirection };
            const expected = await expectedOrder(query);
            const label = `${list} ${search ?? ''} by ${sortBy} ${sortDirection}`;
            expect(expected.length, label).toBeGreaterThan(4);
            const paged: number[] = [];
            for (let page = 1; (page - 1) * 4 < expected.length; page += 1) {
              paged.push(...(await readMemberPage(server.db, query, page, 4)).map((row) => row.id));
            }
            expect(paged, label).toEqual(expected);
            const exported: number[] = [];
            for await (const chunk of readMemberChunks(server.db, query, { chunkSize: 4 })) exported.push(...chunk.map((row) => row.id));
            expect(exported, label).toEqual(expected);
          }
        }
      }
    });
  });
});
