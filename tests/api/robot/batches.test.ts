import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { member_list_counts, members, memberships, robot_job_batches, robot_jobs } from '../../../server/db/schema';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/database';
import { withInsertFault } from '../support/faulty-database';
import { apiAs, type ApiCall } from '../support/robot-client';
import { reportUserGroups, startJob, type ReportedGroup } from '../support/sandbox-robot';
import { signInAs } from '../support/sandbox-session';
import { TEST_WORLD_SCALE } from '../support/seeded-server';

const person = (n: number) => ({ fb_user_id: `77000${String(n).padStart(4, '0')}`, name: `Scanned Person ${n}`, role: 'subscriber' });

describe.each(databaseKinds())('robot job batches on %s', (kind) => {
  let database: TestDatabase;
  let faulty: ReturnType<typeof withInsertFault>;
  let app: FastifyInstance;
  let ada: ApiCall;
  let nora: ApiCall;
  let sketchers: ReportedGroup;
  let jobId: number;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    faulty = withInsertFault(database);
    app = await buildServer({ ...loadConfig({}), appDir: undefined, logLevel: 'silent', sandboxScale: TEST_WORLD_SCALE }, { database: faulty.database });
    ada = apiAs(app, (await signInAs(app, 'ada')).token);
    nora = apiAs(app, (await signInAs(app, 'nora')).token);
    sketchers = (await reportUserGroups(ada)).find((group) => group.name === 'Urban Sketchers Meetup')!;
    expect((await ada('POST', '/groups/acquire', { payload: { id: sketchers.id } })).status).toBe(200);
    jobId = await startJob(ada, sketchers.id, 'fetch_group_members');
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const sendMembers = (call: ApiCall, batchNo: number, batch: unknown[], job = jobId) =>
    call('POST', '/robot/jobs/{job_id}/members', { url: `/robot/jobs/${job}/members`, payload: { batch_no: batchNo, members: batch } });
  const rows = async () => ({
    members: (await database.db.select({ n: count() }).from(members))[0]!.n,
    memberships: (await database.db.select({ n: count() }).from(memberships).where(eq(memberships.group_id, sketchers.id)))[0]!.n,
    batches: (await database.db.select({ n: count() }).from(robot_job_batches).where(eq(robot_job_batches.job_id, jobId)))[0]!.n,
  });

  it('stores a batch once: the same batch number again is a duplicate and writes nothing', async () => {
    const first = await sendMembers(ada, 0, [person(1), person(2), person(3)]);
    expect(first.body).toEqual({ batch_no: 0, accepted: 3, duplicate: false });
    const before = await rows();
    const again = await sendMembers(ada, 0, [person(4), person(5)]);
    expect(again.body).toEqual({ batch_no: 0, accepted: 0, duplicate: true });
    expect(await rows()).toEqual(before);
  });

  it('leaves nothing of a batch that fails midway, and stores its retry', async () => {
    const before = await rows();
    const { token } = await signInAs(app, 'ada');
    // The batch's first writes are its robot_job_batches row and the members; it dies at the memberships.
    faulty.crashAfterStatements(2);
    const crashed = await app.inject({
      method: 'POST',
      url: `/api/v1/robot/jobs/${jobId}/members`,
      headers: { authorization: `Bearer ${token}` },
      payload: { batch_no: 1, members: [person(10), person(11)] },
    });
    faulty.heal();
    expect(crashed.statusCode).toBe(500);
    expect(crashed.json().error.code).toBe('internal');
    expect(await rows()).toEqual(before);

    const retried = await sendMembers(ada, 1, [person(10), person(11)]);
    expect(retried.body).toEqual({ batch_no: 1, accepted: 2, duplicate: false });
    expect(await rows()).toEqual({ members: before.members + 2, memberships: before.memberships + 2, batches: before.batches + 1 });
  });

  /** The transaction that last wrote each row of the people named, and of their memberships in the group. */
  const writers = async (fbUserIds: string[]) => {
    const { rows: written } = await database.db.execute<{ fb_user_id: string; member: string; membership: string; updated_at: string }>(sql`
      SELECT person.fb_user_id, person.xmin::text AS member, membership.xmin::text AS membership, membership.updated_at::text AS updated_at
      FROM members AS person JOIN memberships AS membership ON membership.member_id = person.id AND membership.group_id = ${sketchers.id}
      WHERE person.fb_user_id IN ${fbUserIds}`);
    return Object.fromEntries(written.map(({ fb_user_id: fbUserId, ...row }) => [fbUserId, row]));
  };
  /** member_list_counts against a count of the group's memberships by list. */
  const listCounts = async () => {
    const kept = await database.db.select({ list: member_list_counts.list, n: member_list_counts.count }).from(member_list_counts).where(eq(member_list_counts.group_id, sketchers.id));
    const counted = await database.db.select({ list: memberships.list, n: count() }).from(memberships).where(eq(memberships.group_id, sketchers.id)).groupBy(memberships.list);
    const byList = (rows: Array<{ list: string; n: number }>) => Object.fromEntries(rows.filter((row) => row.n !== 0).map((row) => [row.list, row.n]));
    return { kept: byList(kept), counted: byList(counted) };
  };

  it('writes again only the people and memberships a later batch of the scan changes', async () => {
    const before = await writers([person(1).fb_user_id, person(2).fb_user_id]);
    const batch = await sendMembers(ada, 3, [person(1), { ...person(2), name: 'Renamed Person 2', role: 'admin' }]);
    expect(batch.body).toEqual({ batch_no: 3, accepted: 2, duplicate: false });
    const after = await writers([person(1).fb_user_id, person(2).fb_user_id]);
    expect(after[person(1).fb_user_id]).toEqual(before[person(1).fb_user_id]);
    expect(after[person(2).fb_user_id]!.member).not.toBe(before[person(2).fb_user_id]!.member);
    expect(after[person(2).fb_user_id]!.membership).not.toBe(before[person(2).fb_user_id]!.membership);
    const [renamed] = await database.db
      .select({ name: members.name, member_name: memberships.member_name, role: memberships.role })
      .from(members)
      .innerJoin(memberships, eq(memberships.member_id, members.id))
      .where(and(eq(members.fb_user_id, person(2).fb_user_id), eq(memberships.group_id, sketchers.id)));
    expect(renamed).toEqual({ name: 'Renamed Person 2', member_name: 'Renamed Person 2', role: 'admin' });
    const counts = await listCounts();
    expect(counts.kept).toEqual(counts.counted);
  });

  it("copies each new member's username to their membership, which the members search reads", async () => {
    const named = (n: number) => ({ ...person(n), fb_username: `scanned.person.${n}` });
    const batch = await sendMembers(ada, 4, [named(20), named(21), person(22)]);
    expect(batch.body).toEqual({ batch_no: 4, accepted: 3, duplicate: false });
    const copies = await database.db
      .select({ fb_user_id: members.fb_user_id, member_username: memberships.member_username })
      .from(memberships)
      .innerJoin(members, eq(members.id, memberships.member_id))
      .where(and(eq(memberships.group_id, sketchers.id), sql`${members.fb_user_id} IN ${[20, 21, 22].map((n) => person(n).fb_user_id)}`))
      .orderBy(members.fb_user_id);
    expect(copies).toEqual([
      { fb_user_id: person(20).fb_user_id, member_username: 'scanned.person.20' },
      { fb_user_id: person(21).fb_user_id, member_username: 'scanned.person.21' },
      { fb_user_id: person(22).fb_user_id, member_username: null },
    ]);
  });

  it('copies the stored username of a known person the batch reports without one', async () => {
    await database.db.insert(members).values({ fb_user_id: person(23).fb_user_id, name: person(23).name, fb_username: 'stored.person.23' });
    expect((await sendMembers(ada, 5, [person(23)])).body).toEqual({ batch_no: 5, accepted: 1, duplicate: false });
    const [copy] = await database.db
      .select({ fb_username: members.fb_username, member_username: memberships.member_username })
      .from(memberships)
      .innerJoin(members, eq(members.id, memberships.member_id))
      .where(and(eq(memberships.group_id, sketchers.id), eq(members.fb_user_id, person(23).fb_user_id)));
    expect(copy).toEqual({ fb_username: 'stored.person.23', member_username: 'stored.person.23' });
  });

  it('refuses a batch of another kind of job', async () => {
    const posts = await ada('POST', '/robot/jobs/{job_id}/posts', { url: `/robot/jobs/${jobId}/posts`, payload: { batch_no: 0, posts: [] } });
    expect(posts.status).toBe(409);
    expect(posts.body.error.details).toEqual({ reason: 'wrong_job' });
  });

  it("answers 404 to anyone reporting on a job of a group that is not theirs", async () => {
    expect((await sendMembers(nora, 5, [person(20)])).status).toBe(404);
    expect((await nora('POST', '/robot/jobs/{job_id}/progress', { url: `/robot/jobs/${jobId}/progress`, payload: { progress: 1, total: null } })).status).toBe(404);
    expect((await nora('POST', '/robot/jobs/{job_id}/finish', { url: `/robot/jobs/${jobId}/finish`, payload: { status: 'failed' } })).status).toBe(404);
    expect((await sendMembers(ada, 5, [person(20)], 999_999)).status).toBe(404);
  });

  it('refuses to start a command already running on the group, naming the running job', async () => {
    const again = await ada('POST', '/robot/groups/{id}/jobs', {
      url: `/robot/groups/${sketchers.id}/jobs`,
      payload: { name: 'fetch_group_members', args: { id: sketchers.id } },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.details).toEqual({ reason: 'already_running', job_id: jobId });
  });

  it('refuses arguments for another group than the path', async () => {
    const response = await ada('POST', '/robot/groups/{id}/jobs', {
      url: `/robot/groups/${sketchers.id}/jobs`,
      payload: { name: 'fetch_group_posts', args: { id: sketchers.id + 1 } },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.details).toMatchObject({ field: 'args.id' });
  });

  it('takes nothing new once the job finished, but still recognises a stored batch', async () => {
    const finished = await ada('POST', '/robot/jobs/{job_id}/finish', { url: `/robot/jobs/${jobId}/finish`, payload: { status: 'stopped' } });
    expect(finished.body.job).toMatchObject({ status: 'stopped', finished_at: expect.any(String) });
    const late = await sendMembers(ada, 2, [person(30)]);
    expect(late.status).toBe(409);
    expect(late.body.error.details).toEqual({ reason: 'finished' });
    expect((await sendMembers(ada, 1, [person(10)])).body).toEqual({ batch_no: 1, accepted: 0, duplicate: true });
    expect((await ada('POST', '/robot/jobs/{job_id}/progress', { url: `/robot/jobs/${jobId}/progress`, payload: { progress: 1, total: 1 } })).status).toBe(409);
    expect((await ada('POST', '/robot/jobs/{job_id}/finish', { url: `/robot/jobs/${jobId}/finish`, payload: { status: 'completed' } })).status).toBe(409);
  });

  it('rewrites no unchanged profile when a new scan sees the people again, and marks each of their memberships seen by it', async () => {
    const people = [person(1), { ...person(2), name: 'Renamed Person 2', role: 'admin' }, person(3)];
    const before = await writers(people.map((one) => one.fb_user_id));
    const countsBefore = await listCounts();
    const rescan = await startJob(ada, sketchers.id, 'fetch_group_members');
    expect((await sendMembers(ada, 0, people, rescan)).body).toEqual({ batch_no: 0, accepted: 3, duplicate: false });
    const after = await writers(people.map((one) => one.fb_user_id));
    const [{ started_at: startedAt }] = (await database.db.select({ started_at: robot_jobs.started_at }).from(robot_jobs).where(eq(robot_jobs.id, rescan))) as [{ started_at: Date }];
    for (const one of people) {
      expect(after[one.fb_user_id]!.member).toBe(before[one.fb_user_id]!.member);
      expect(after[one.fb_user_id]!.membership).not.toBe(before[one.fb_user_id]!.membership);
      expect(new Date(after[one.fb_user_id]!.updated_at).getTime()).toBeGreaterThanOrEqual(startedAt.getTime());
    }
    expect(await listCounts()).toEqual(countsBefore);
    await ada('POST', '/robot/jobs/{job_id}/finish', { url: `/robot/jobs/${rescan}/finish`, payload: { status: 'stopped' } });
  });

  it('moves nobody to removed when a stopped members scan ends', async () => {
    const [removed] = await database.db
      .select({ n: count() })
      .from(memberships)
      .where(eq(memberships.is_removed, true));
    expect(removed!.n).toBe(0);
  });
});
