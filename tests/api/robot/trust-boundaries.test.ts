import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups, members, memberships, posts } from '../../../server/db/schema';
import { databaseKinds } from '../../support/database';
import { apiAs, type ApiCall } from '../support/robot-client';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { finishJob, startJob } from '../support/sandbox-robot';
import { snapshotTenant } from '../support/tenant-snapshot';
import { createTestServer, type TestServer } from '../support/test-server';

const TRACKER = 'https://tracker.example/pixel.gif';
const NETWORK_IMAGE = 'https://scontent.xx.fbcdn.net/v/t1/avatar.jpg';

/**
 * The robot trust model (docs/CONVENTIONS.md): a report changes only what is the reporting
 * user's. The role world's otherGroup is held by otherGroupAdmin (person 9100003); groupAdmin and
 * the banned user hold group; the subscriber holds nothing.
 */
describe.each(databaseKinds())('robot reports across tenants on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  let admin: ApiCall;
  let stranger: ApiCall;
  let otherAdmin: ApiCall;

  beforeAll(async () => {
    server = await createTestServer(kind);
    world = await createRoleWorld(server.db);
    admin = apiAs(server.app, world.tokens.groupAdmin!);
    stranger = apiAs(server.app, world.tokens.subscriber!);
    otherAdmin = apiAs(server.app, world.tokens.otherGroupAdmin!);
  });
  afterAll(async () => server?.close());

  const memberOf = async (fbUserId: string) => (await server.db.select().from(members).where(eq(members.fb_user_id, fbUserId)))[0]!;
  const membershipOf = async (groupId: number, memberId: number) =>
    (await server.db.select().from(memberships).where(and(eq(memberships.group_id, groupId), eq(memberships.member_id, memberId))))[0];
  const reportGroups = (call: ApiCall, reported: unknown[]) => call('POST', '/robot/user_groups', { payload: { groups: reported } });
  const reportOwners = (call: ApiCall, groupId: number, admins: unknown[]) =>
    call('POST', '/robot/groups/{id}/owners', { url: `/robot/groups/${groupId}/owners`, payload: { admins } });
  /** What the other group's admin sees of their members: the list, and its counts. */
  const otherAdminsList = async () => {
    const { members: listed, count, count_all, count_filtered } = (
      await otherAdmin('GET', '/groups/{id}/members', { url: `/groups/${world.otherGroup.id}/members`, query: { list: 'inactive' } })
    ).body;
    return { members: listed, count, count_all, count_filtered };
  };
  const otherAdminsView = async () => (await otherAdminsList()).members;

  it('leaves a group someone else holds, its member list included, entirely as it is when another user reports it', async () => {
    const before = await snapshotTenant(server.db, world.otherGroup.id);
    const listBefore = await otherAdminsList();
    const hijack = { fb_group_id: world.otherGroup.fb_group_id, fb_slug: 'hijacked', name: 'Hijacked', avatar_url: TRACKER, role: 'admin' };
    for (const call of [stranger, admin]) {
      const reported = await reportGroups(call, [hijack]);
      expect(reported.status).toBe(200);
      expect(reported.body.groups).toEqual([
        expect.objectContaining({ id: world.otherGroup.id, name: 'Another Group', fb_slug: 'another-group', avatar_url: null, role: 'admin', is_acquired: true }),
      ]);
    }
    expect(await snapshotTenant(server.db, world.otherGroup.id)).toEqual(before);
    expect(await membershipOf(world.otherGroup.id, (await memberOf('9100002')).id)).toBeUndefined();
    // The holder's list and its counts stay as their own scans made them.
    expect(await otherAdminsList()).toEqual(listBefore);

    // A later report changes nothing there either.
    expect((await reportGroups(stranger, [{ ...hijack, role: 'subscriber' }])).status).toBe(200);
    expect(await snapshotTenant(server.db, world.otherGroup.id)).toEqual(before);
  });

  it('lets a holder, or anyone while nobody holds the group, refresh its name, slug and avatar', async () => {
    const own = await reportGroups(admin, [{ fb_group_id: world.group.fb_group_id, fb_slug: 'renamed', name: 'The Group Renamed', avatar_url: NETWORK_IMAGE, role: 'admin' }]);
    expect(own.body.groups).toEqual([expect.objectContaining({ id: world.group.id, name: 'The Group Renamed', fb_slug: 'renamed', avatar_url: NETWORK_IMAGE, role: 'admin' })]);
    const unheld = { fb_group_id: '8100077', name: 'Nobody Holds This', role: 'admin' };
    expect((await reportGroups(stranger, [unheld])).status).toBe(200);
    const renamed = await reportGroups(admin, [{ ...unheld, name: 'Renamed While Unheld', role: 'subscriber' }]);
    expect(renamed.body.groups).toEqual([expect.objectContaining({ name: 'Renamed While Unheld', role: 'subscriber', is_acquired: false })]);
  });

  it('keeps only our own and the network image hosts of reported images, and stores any other as null', async () => {
    const reported = await reportGroups(stranger, [
      { fb_group_id: '8100081', name: 'Tracked', avatar_url: TRACKER, role: 'admin' },
      { fb_group_id: '8100082', name: 'Plain http', avatar_url: 'http://scontent.xx.fbcdn.net/a.jpg', role: 'admin' },
      { fb_group_id: '8100083', name: 'Look-alike', avatar_url: 'https://fbcdn.net.tracker.example/a.jpg', role: 'admin' },
      { fb_group_id: '8100084', name: 'Network', avatar_url: NETWORK_IMAGE, role: 'admin' },
      { fb_group_id: '8100085', name: 'Sandbox', avatar_url: 'http://localhost:80/sandbox/images/avatar/8100085.svg', role: 'admin' },
      { fb_group_id: '8100086', name: 'Own origin, other path', avatar_url: 'http://localhost:80/api/v1/status', role: 'admin' },
    ]);
    expect(reported.status).toBe(200);
    const stored = await server.db.select({ name: groups.name, avatar: groups.avatar_url }).from(groups).orderBy(groups.fb_group_id);
    expect(Object.fromEntries(stored.map((group) => [group.name, group.avatar]))).toMatchObject({
      Tracked: null,
      'Plain http': null,
      'Look-alike': null,
      Network: NETWORK_IMAGE,
      Sandbox: '/sandbox/images/avatar/8100085.svg',
      'Own origin, other path': null,
    });
  });

  it('refuses an owners report of a group someone else holds and writes nothing, however the reporter got in', async () => {
    const before = await snapshotTenant(server.db, world.otherGroup.id);
    const injected = [
      { fb_user_id: '9100002', name: 'Test subscriber', role: 'admin' },
      { fb_user_id: '9100004', name: 'Test groupAdmin', role: 'admin' },
    ];
    for (const call of [stranger, admin]) {
      const refused = await reportOwners(call, world.otherGroup.id, injected);
      expect(refused.status).toBe(409);
      expect(refused.body.error.details).toEqual({ reason: 'already_acquired' });
      expect(JSON.stringify(refused.body)).not.toContain('Test otherGroupAdmin');
    }
    expect(await snapshotTenant(server.db, world.otherGroup.id)).toEqual(before);
  });

  it("takes an owners report of the holder's own group, and never demotes a holder", async () => {
    const taken = await reportOwners(admin, world.group.id, [{ fb_user_id: '9100004', name: 'Test groupAdmin' }]);
    expect(taken.status).toBe(200);
    const coHolder = await membershipOf(world.group.id, (await memberOf('9100001')).id);
    expect(coHolder).toMatchObject({ role: 'admin', is_admin_holder: true });
  });

  it("changes no shared profile another group relies on through a members batch of the reporter's own group", async () => {
    const subscriber = await memberOf('9100002');
    await server.db.insert(memberships).values({ group_id: world.otherGroup.id, member_id: subscriber.id, member_name: subscriber.name });
    const othersPerson = await memberOf('9100003');
    const viewBefore = await otherAdminsView();
    const tenantBefore = await snapshotTenant(server.db, world.otherGroup.id);
    const jobId = await startJob(admin, world.group.id, 'fetch_group_members');
    const batch = await admin('POST', '/robot/jobs/{job_id}/members', {
      url: `/robot/jobs/${jobId}/members`,
      payload: {
        batch_no: 0,
        members: [
          { fb_user_id: '9100003', name: 'Renamed By Another Group', fb_username: 'renamed', avatar_url: NETWORK_IMAGE, bio: 'changed', is_banned: true, role: 'admin' },
          { fb_user_id: '9100002', name: 'Subscriber Renamed', avatar_url: TRACKER, bio: 'only here' },
          { fb_user_id: '7300001', name: 'Brand New', avatar_url: NETWORK_IMAGE },
        ],
      },
    });
    expect(batch.body).toEqual({ batch_no: 0, accepted: 3, duplicate: false });
    expect(await memberOf('9100003')).toEqual(othersPerson);
    expect(await otherAdminsView()).toEqual(viewBefore);
    expect(await snapshotTenant(server.db, world.otherGroup.id)).toEqual(tenantBefore);
    // The reporter's group keeps the name as its scan read it; the shared profile stays the other group's.
    expect(await membershipOf(world.group.id, othersPerson.id)).toMatchObject({ member_name: 'Renamed By Another Group', role: 'admin' });

    // The subscriber is in the reporter's group and in otherGroup (its holder's scan put them there): protected too.
    expect(await memberOf('9100002')).toMatchObject({ name: 'Test subscriber', avatar_url: null, bio: null });
    expect(await memberOf('7300001')).toMatchObject({ name: 'Brand New', avatar_url: NETWORK_IMAGE });
    await finishJob(admin, jobId, 'stopped');
  });

  it('refreshes the shared profile of a person whose every held group is the reporter’s, and keeps only allowed images', async () => {
    const jobId = await startJob(admin, world.group.id, 'fetch_group_posts');
    const refreshed = await server.app.inject({
      method: 'POST',
      url: `/api/v1/robot/jobs/${jobId}/posts`,
      headers: { authorization: `Bearer ${world.tokens.groupAdmin}` },
      payload: {
        batch_no: 0,
        posts: [
          {
            fb_post_id: '7400001',
            posted_at: '2026-01-02T10:00:00.000Z',
            text: 'hello',
            picture: TRACKER,
            author: { fb_user_id: '7300002', name: 'Author', avatar_url: TRACKER },
            reactions: [{ fb_user_id: '9100003', name: 'Reactor Renamed', kind: 'like' }],
            comments: [],
          },
        ],
      },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const [post] = await server.db.select().from(posts).where(eq(posts.fb_post_id, '7400001'));
    expect(post).toMatchObject({ group_id: world.group.id, picture: null });
    expect(await memberOf('7300002')).toMatchObject({ name: 'Author', avatar_url: null });
    expect((await memberOf('9100003')).name).toBe('Test otherGroupAdmin');
    await finishJob(admin, jobId, 'stopped');

    const membersJob = await startJob(admin, world.group.id, 'fetch_group_members');
    await admin('POST', '/robot/jobs/{job_id}/members', {
      url: `/robot/jobs/${membersJob}/members`,
      payload: { batch_no: 0, members: [{ fb_user_id: '7300002', name: 'Author Renamed', avatar_url: NETWORK_IMAGE, bio: 'mine', is_banned: true }] },
    });
    expect(await memberOf('7300002')).toMatchObject({ name: 'Author Renamed', avatar_url: NETWORK_IMAGE, bio: 'mine', is_banned: true });
    await finishJob(admin, membersJob, 'stopped');
  });
});
