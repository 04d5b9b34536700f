import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daily_metrics, members, memberships } from '../../../server/db/schema';
import { writePostsBatch, type ScannedPost } from '../../../server/domain/ingest-posts';
import { recordTodayMetrics } from '../../../server/domain/today-metrics';
import { databaseKinds } from '../../support/database';
import { createResponseValidator } from '../support/contract-schemas';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { bearer } from '../support/sandbox-session';
import { createTestServer, type TestServer } from '../support/test-server';

const contract = createResponseValidator();

/** A Wednesday afternoon: the group was connected this morning, so it has no daily metrics before today. */
const NOW = new Date('2026-11-25T15:00:00Z');
const FIRST_SCAN = new Date('2026-11-12T08:00:00Z');
const ONBOARDING_SCAN = new Date('2026-11-25T09:00:00Z');

interface Person {
  fb_user_id: string;
  name: string;
}
const person = (name: string, number: number): Person => ({ fb_user_id: `7700${number}`, name });
const [ann, ben, cat, dan, eve, fay] = ['Ann', 'Ben', 'Cat', 'Dan', 'Eve', 'Fay'].map(person) as [Person, Person, Person, Person, Person, Person];

let postNumber = 0;
function post(postedAt: string, author: Person, reactions: Person[], comments: Array<[Person, string]> = []): ScannedPost {
  postNumber += 1;
  return {
    fb_post_id: `post-${postNumber}`,
    posted_at: new Date(postedAt),
    text: `Post ${postNumber}`,
    picture: null,
    author,
    reactions,
    comments: comments.map(([who, at], i) => ({ fb_comment_id: `comment-${postNumber}-${i}`, ...who, commented_at: new Date(at) })),
  };
}

/** An earlier scan read two posts; the onboarding scan read eight more (ten from Nov 10 to Nov 22) and one of today. */
const EARLIER_POSTS = [
  post('2026-11-10T10:00:00Z', ann, [ben, cat], [[ben, '2026-11-11T09:00:00Z']]),
  post('2026-11-11T12:00:00Z', ben, [ann]),
];
const ONBOARDING_POSTS = [
  post('2026-11-13T10:00:00Z', dan, [ann, eve], [[ann, '2026-11-14T10:00:00Z']]),
  post('2026-11-15T10:00:00Z', ann, [dan], [[eve, '2026-11-15T18:00:00Z']]),
  post('2026-11-17T10:00:00Z', eve, [ben]),
  post('2026-11-18T10:00:00Z', fay, [ann, ben, dan], [[fay, '2026-11-19T07:00:00Z']]),
  post('2026-11-19T10:00:00Z', ann, []),
  post('2026-11-20T10:00:00Z', ben, [eve], [[dan, '2026-11-22T23:59:00Z']]),
  post('2026-11-21T10:00:00Z', dan, []),
  post('2026-11-22T00:00:00Z', eve, [ann, fay], [[ann, '2026-11-22T12:00:00Z']]),
  post('2026-11-25T08:00:00Z', ann, [ben], [[ben, '2026-11-25T08:30:00Z']]),
];

/** Nov 10 to Nov 24: today is still under way, so it is left out. */
const CHART_DAYS = Array.from({ length: 15 }, (_, i) => `2026-11-${String(10 + i).padStart(2, '0')}`);
const byDay = (counts: Record<number, number>) => CHART_DAYS.map((x) => ({ x, y: counts[Number(x.slice(8))] ?? 0 }));

describe.each(databaseKinds())('the charts of a group with scans and no daily metrics yet, on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  beforeAll(async () => {
    server = await createTestServer(kind, {}, { now: () => NOW });
    world = await createRoleWorld(server.db);
    const groupId = world.group.id;
    // The role world's three people (holders and a subscriber, no activity) were synced by the onboarding scan.
    await server.db.update(memberships).set({ created_at: ONBOARDING_SCAN }).where(eq(memberships.group_id, groupId));
    await writePostsBatch(server.db, groupId, EARLIER_POSTS, FIRST_SCAN);
    await writePostsBatch(server.db, groupId, ONBOARDING_POSTS, ONBOARDING_SCAN);
    // Ben was whitelisted; Cat was removed on Nov 18.
    const membershipOf = async (who: Person) => {
      const [row] = await server.db.select({ id: members.id }).from(members).where(eq(members.fb_user_id, who.fb_user_id));
      return and(eq(memberships.group_id, groupId), eq(memberships.member_id, row!.id));
    };
    await server.db.update(memberships).set({ is_whitelisted: true }).where(await membershipOf(ben));
    await server.db.update(memberships).set({ is_removed: true, removed_at: new Date('2026-11-18T10:00:00Z') }).where(await membershipOf(cat));
    // The onboarding's last job finished: today's metrics row is written, as after every job.
    await recordTodayMetrics(server.db, groupId, ONBOARDING_SCAN);
  });
  afterAll(async () => server?.close());

  const chart = async (path: string) => {
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/v1/groups/${world.group.id}/charts/${path}`,
      headers: bearer(world.tokens.groupAdmin!),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(contract.validate('/groups/{id}/charts/{kind}', 'GET', 200, response.json())).toBeUndefined();
    return response.json();
  };

  it('counts each day’s posts, reactions and comments from the scanned posts, from the first day with any, leaving today out', async () => {
    const { from, to, datasets } = await chart('activities');
    expect({ from, to }).toEqual({ from: '2026-10-27', to: '2026-11-25' });
    expect(datasets).toEqual([
      { name: 'posts', points: byDay({ 10: 1, 11: 1, 13: 1, 15: 1, 17: 1, 18: 1, 19: 1, 20: 1, 21: 1, 22: 1 }) },
      { name: 'reactions', points: byDay({ 10: 2, 11: 1, 13: 2, 15: 1, 17: 1, 18: 3, 20: 1, 22: 2 }) },
      { name: 'comments', points: byDay({ 11: 1, 14: 1, 15: 1, 19: 1, 22: 2 }) },
    ]);
  });

  it('counts each week’s members from their first-sync dates, removals from their dates, from the first week with members', async () => {
    const { from, to, datasets } = await chart('members');
    expect({ from, to }).toEqual({ from: '2026-09-03', to: '2026-11-25' });
    const weeks = ['2026-11-09', '2026-11-16', '2026-11-23'];
    const series = (...values: number[]) => weeks.map((x, i) => ({ x, y: values[i] }));
    expect(datasets).toEqual([
      // Nov 15: Ann, Ben and Cat (first synced Nov 12), Ben whitelisted. Nov 22: Cat removed. Today: everyone.
      { name: 'active', points: series(2, 1, 4) },
      { name: 'inactive', points: series(0, 0, 3) },
      { name: 'whitelisted', points: series(1, 1, 1) },
      { name: 'removed', points: series(0, 1, 1) },
    ]);
  });

  it('leaves today out while it is under way, though today has daily metrics', async () => {
    const { to, datasets } = await chart('activities?from=2026-11-24&to=2026-11-25');
    expect(to).toBe('2026-11-25');
    expect(datasets).toEqual([
      { name: 'posts', points: [{ x: '2026-11-24', y: 0 }] },
      { name: 'reactions', points: [{ x: '2026-11-24', y: 0 }] },
      { name: 'comments', points: [{ x: '2026-11-24', y: 0 }] },
    ]);
    expect((await chart('activities?from=2026-11-25&to=2026-11-25')).datasets).toEqual([]);
  });

  it('counts a range that ends before today up to its last day', async () => {
    const { datasets } = await chart('activities?from=2026-11-18&to=2026-11-19');
    expect(datasets.map((dataset: { points: unknown[] }) => dataset.points)).toEqual([
      [{ x: '2026-11-18', y: 1 }, { x: '2026-11-19', y: 1 }],
      [{ x: '2026-11-18', y: 3 }, { x: '2026-11-19', y: 0 }],
      [{ x: '2026-11-18', y: 0 }, { x: '2026-11-19', y: 1 }],
    ]);
    const members = await chart('members?from=2026-11-16&to=2026-11-19');
    expect(members.datasets.map((dataset: { points: unknown[] }) => dataset.points)).toEqual([
      [{ x: '2026-11-16', y: 1 }],
      [{ x: '2026-11-16', y: 0 }],
      [{ x: '2026-11-16', y: 1 }],
      [{ x: '2026-11-16', y: 1 }],
    ]);
  });

  it('takes a day’s daily metrics where they count more than the stored posts, and the stored posts where they count more', async () => {
    await server.db.insert(daily_metrics).values([
      // Recorded by an older scan whose posts are no longer stored.
      { group_id: world.group.id, day: '2026-11-16', posts: 4, reactions: 9, comments: 2 },
      // Recorded early on Nov 18, before that day's reactions were scanned.
      { group_id: world.group.id, day: '2026-11-18', posts: 1, reactions: 0, comments: 0 },
    ]);
    const { datasets } = await chart('activities?from=2026-11-16&to=2026-11-18');
    expect(datasets.map((dataset: { points: unknown[] }) => dataset.points)).toEqual([
      [{ x: '2026-11-16', y: 4 }, { x: '2026-11-17', y: 1 }, { x: '2026-11-18', y: 1 }],
      [{ x: '2026-11-16', y: 9 }, { x: '2026-11-17', y: 1 }, { x: '2026-11-18', y: 3 }],
      [{ x: '2026-11-16', y: 2 }, { x: '2026-11-17', y: 0 }, { x: '2026-11-18', y: 0 }],
    ]);
  });

  it('answers no datasets for a range before anything was scanned or synced', async () => {
    expect((await chart('activities?from=2026-10-01&to=2026-11-09')).datasets).toEqual([]);
    expect((await chart('members?from=2026-10-01&to=2026-11-08')).datasets).toEqual([]);
  });
});
