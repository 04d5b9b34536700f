import { afterEach, describe, expect, it, vi } from 'vitest';
import { RobotError, type RobotProgress } from '../../../src/robot/protocol';
import { SANDBOX_PACING } from '../../../src/robot/sandbox/calls';
import { createSandboxRobot, SANDBOX_CONNECTION_CHECK_MS } from '../../../src/robot/sandboxRobot';
import { fakeApi, identity, route, type FakeRoute } from './fakes';
import { GROUP, networkMember, NOW, sandboxWorld } from './sandboxWorld';

const postsSettings = {
  engagement_sync_lookbehind_by: 'posts' as const,
  engagement_sync_days_back: 30,
  engagement_sync_posts_back: 15,
  engagement_sync_reactions_per_post: 100,
  engagement_sync_comments_per_post: 50,
};

function startRobot({ memberCount, postCount, before = [] }: { memberCount?: number; postCount?: number; before?: FakeRoute[] } = {}) {
  const world = sandboxWorld({ memberCount, postCount });
  const server = fakeApi(...before, ...world.routes);
  const wait = vi.fn(async (_ms: number, _signal?: AbortSignal) => {});
  const robot = createSandboxRobot({ api: server.api, wait, now: () => NOW });
  robot.configure(identity);
  const progress: RobotProgress[] = [];
  const onProgress = (report: RobotProgress) => void progress.push(report);
  return { world, server, wait, robot, progress, onProgress };
}

const bodiesOf = (server: ReturnType<typeof fakeApi>, path: string) => server.called('POST', path).map(({ body }) => body);

afterEach(() => vi.useRealTimers());

describe('the sandbox robot connection', () => {
  it('is ready with the published robot version while the lab keeps it connected', async () => {
    const { robot } = startRobot();
    await vi.waitFor(() => expect(robot.getState()).toMatchObject({ presence: 'ready', installed: true, robot_version: '2.4.0' }));
  });

  it('is disconnected while the lab has disconnected it, and refuses commands', async () => {
    const { robot, world, server } = startRobot();
    world.connection.connected = false;
    await expect(robot.run('fetch_group_members', GROUP)).rejects.toEqual(new RobotError('disconnected', 'The robot is disconnected.'));
    expect(robot.getState()).toMatchObject({ presence: 'disconnected', installed: false });
    expect(server.called('POST', `/robot/groups/${GROUP.id}/jobs`)).toEqual([]);
  });

  it('reads the lab switch again periodically while someone is signed in, and stops once nobody is', async () => {
    vi.useFakeTimers();
    const { robot, world, server } = startRobot();
    await vi.advanceTimersByTimeAsync(0);
    world.connection.connected = false;
    await vi.advanceTimersByTimeAsync(SANDBOX_CONNECTION_CHECK_MS);
    expect(robot.getState().presence).toBe('disconnected');
    robot.configure(null);
    const checks = server.called('GET', '/status').length;
    await vi.advanceTimersByTimeAsync(3 * SANDBOX_CONNECTION_CHECK_MS);
    expect(server.called('GET', '/status')).toHaveLength(checks);
  });

  it('works only for a signed-in user', async () => {
    const { robot } = startRobot();
    robot.configure(null);
    await expect(robot.run('fetch_user_groups', {})).rejects.toMatchObject({ code: 'failed' });
  });
});

describe('the sandbox robot scanning members', () => {
  it('reads every page, posts each as a numbered batch with the user token, reports progress and finishes the job', async () => {
    const { robot, server, wait, progress, onProgress } = startRobot({ memberCount: 1200 });
    await expect(robot.run('fetch_group_members', GROUP, { onProgress })).resolves.toEqual({ job_id: 77, members: 1200 });

    expect(bodiesOf(server, `/robot/groups/${GROUP.id}/jobs`)).toEqual([{ name: 'fetch_group_members', args: { id: GROUP.id } }]);
    const pages = server.called('GET', `/sandbox/network/groups/${GROUP.fb_group_id}/members`);
    expect(pages.map(({ query }) => [query.get('cursor'), query.get('limit')])).toEqual([[null, '500'], ['500', '500'], ['1000', '500']]);
    const batches = bodiesOf(server, '/robot/jobs/77/members') as Array<{ batch_no: number; members: unknown[] }>;
    expect(batches.map(({ batch_no, members }) => [batch_no, members.length])).toEqual([[0, 500], [1, 500], [2, 200]]);
    expect(batches[2].members[0]).toEqual(networkMember(1000));
    expect(bodiesOf(server, '/robot/jobs/77/progress')).toEqual([
      { progress: 500, total: 1200 },
      { progress: 1000, total: 1200 },
      { progress: 1200, total: 1200 },
    ]);
    expect(bodiesOf(server, '/robot/jobs/77/finish')).toEqual([{ status: 'completed' }]);
    expect(progress.map(({ done }) => done)).toEqual([500, 1000, 1200]);
    expect(progress[0]).toEqual({ command: 'fetch_group_members', groupId: GROUP.id, done: 500, total: 1200 });
    expect(wait.mock.calls.map(([ms]) => ms)).toEqual([SANDBOX_PACING.memberPageDelayMs, SANDBOX_PACING.memberPageDelayMs]);
    expect(server.calls.filter(({ path }) => path !== '/status').every(({ authorization }) => authorization === 'Bearer token-ada')).toBe(true);
  });

  it('scans a 20,000-member group in under a minute of pacing', async () => {
    const { robot, wait } = startRobot({ memberCount: 20_000 });
    await robot.run('fetch_group_members', GROUP);
    const paced = wait.mock.calls.reduce((sum, [ms]) => sum + ms, 0);
    expect(wait).toHaveBeenCalledTimes(39);
    expect(paced).toBeLessThan(60_000);
  });

  it('sends a batch that failed on the server once more, with the same batch number', async () => {
    let failures = 1;
    const flaky: FakeRoute = ({ method, path, body }) =>
      method === 'POST' && path === '/robot/jobs/77/members' && (body as { batch_no: number }).batch_no === 1 && failures-- > 0
        ? { status: 503, body: { error: { code: 'unavailable', message: 'Try again.' } } }
        : undefined;
    const { robot, server } = startRobot({ before: [flaky] });
    await expect(robot.run('fetch_group_members', GROUP)).resolves.toMatchObject({ members: 1200 });
    expect((bodiesOf(server, '/robot/jobs/77/members') as Array<{ batch_no: number }>).map(({ batch_no }) => batch_no)).toEqual([0, 1, 1, 2]);
  });

  it('fails the job when a batch fails twice, and does not retry a refused one', async () => {
    const broken = route('POST', '/robot/jobs/77/members', () => ({ status: 503, body: { error: { code: 'unavailable', message: 'Down for maintenance.' } } }));
    const { robot, server } = startRobot({ before: [broken] });
    await expect(robot.run('fetch_group_members', GROUP)).rejects.toMatchObject({ code: 'failed', message: expect.stringContaining('Down for maintenance.') });
    expect(server.called('POST', '/robot/jobs/77/members')).toHaveLength(2);
    expect(bodiesOf(server, '/robot/jobs/77/finish')).toEqual([{ status: 'failed', error: expect.stringContaining('Down for maintenance.') }]);

    const refused = route('POST', '/robot/jobs/77/members', () => ({ status: 409, body: { error: { code: 'conflict', message: 'The job has finished.' } } }));
    const second = startRobot({ before: [refused] });
    await expect(second.robot.run('fetch_group_members', GROUP)).rejects.toMatchObject({ code: 'failed' });
    expect(second.server.called('POST', '/robot/jobs/77/members')).toHaveLength(1);
  });

  it('stops the job when the lab disconnects the robot between pages', async () => {
    const { robot, server, wait, world } = startRobot();
    wait.mockImplementationOnce(async () => {
      world.connection.connected = false;
      robot.reload();
      await vi.waitFor(() => expect(robot.getState().presence).toBe('disconnected'));
    });
    await expect(robot.run('fetch_group_members', GROUP)).rejects.toMatchObject({ code: 'disconnected' });
    expect(bodiesOf(server, '/robot/jobs/77/finish')).toEqual([{ status: 'stopped', error: 'The robot is disconnected.' }]);
  });

  it('stops the job when the command is cancelled', async () => {
    const controller = new AbortController();
    const { robot, server, wait } = startRobot();
    wait.mockImplementationOnce(async () => {
      controller.abort();
      throw new RobotError('aborted', 'The robot command was cancelled.');
    });
    await expect(robot.run('fetch_group_members', GROUP, { signal: controller.signal })).rejects.toMatchObject({ code: 'aborted' });
    expect(bodiesOf(server, '/robot/jobs/77/finish')).toEqual([{ status: 'stopped', error: 'The robot command was cancelled.' }]);
  });
});

describe('the sandbox robot scanning engagements', () => {
  it('reads as many posts back as the settings say, with their reactions and comments per post', async () => {
    const { robot, server, progress, onProgress } = startRobot({ postCount: 40 });
    await expect(robot.run('fetch_group_posts', { ...GROUP, settings: postsSettings }, { onProgress })).resolves.toEqual({ job_id: 77, posts: 15 });
    const pages = server.called('GET', `/sandbox/network/groups/${GROUP.fb_group_id}/posts`);
    expect(pages.map(({ query }) => Object.fromEntries(query))).toEqual([
      { limit: '5', reactions_per_post: '100', comments_per_post: '50' },
      { cursor: '5', limit: '5', reactions_per_post: '100', comments_per_post: '50' },
      { cursor: '10', limit: '5', reactions_per_post: '100', comments_per_post: '50' },
    ]);
    expect((bodiesOf(server, '/robot/jobs/77/posts') as Array<{ posts: unknown[] }>).map(({ posts }) => posts.length)).toEqual([5, 5, 5]);
    expect(bodiesOf(server, `/robot/groups/${GROUP.id}/jobs`)).toEqual([{ name: 'fetch_group_posts', args: { id: GROUP.id, settings: postsSettings } }]);
    expect(progress.map(({ done, total }) => [done, total])).toEqual([[5, 15], [10, 15], [15, 15]]);
  });

  it('reads back by days until the first older post', async () => {
    const { robot, server } = startRobot({ postCount: 40 });
    const settings = { ...postsSettings, engagement_sync_lookbehind_by: 'days' as const, engagement_sync_days_back: 12 };
    await expect(robot.run('fetch_group_posts', { ...GROUP, settings })).resolves.toMatchObject({ posts: 12 });
    expect(server.called('GET', `/sandbox/network/groups/${GROUP.fb_group_id}/posts`)).toHaveLength(3);
  });

  it('stops at the last post of a group with fewer posts than asked', async () => {
    const { robot, progress, onProgress } = startRobot({ postCount: 7 });
    await expect(robot.run('fetch_group_posts', { ...GROUP, settings: postsSettings }, { onProgress })).resolves.toMatchObject({ posts: 7 });
    expect(progress.at(-1)).toMatchObject({ done: 7, total: 7 });
  });
});

describe('the sandbox robot removing members', () => {
  it('removes the members on the network a batch at a time and reports who is gone', async () => {
    const members = Array.from({ length: 30 }, (_, index) => ({ id: index + 1, fb_user_id: String(100000 + index), name: `Member ${index}` }));
    const { robot, server, progress, onProgress } = startRobot();
    await expect(robot.run('remove_group_members', { ...GROUP, members }, { onProgress })).resolves.toEqual({ job_id: 77, removed: 29 });
    const removals = bodiesOf(server, `/sandbox/network/groups/${GROUP.fb_group_id}/removals`) as Array<{ fb_user_ids: string[] }>;
    expect(removals.map(({ fb_user_ids }) => fb_user_ids.length)).toEqual([25, 5]);
    const reported = bodiesOf(server, '/robot/jobs/77/removals') as Array<{ batch_no: number; fb_user_ids: string[] }>;
    expect(reported.map(({ batch_no, fb_user_ids }) => [batch_no, fb_user_ids.length])).toEqual([[0, 25], [1, 5]]);
    expect(bodiesOf(server, `/robot/groups/${GROUP.id}/jobs`)).toEqual([{ name: 'remove_group_members', args: { id: GROUP.id, members } }]);
    expect(progress.map(({ done, total }) => [done, total])).toEqual([[24, 30], [29, 30]]);
  });
});

describe('the sandbox robot in onboarding', () => {
  it("stores the user's groups as the network lists them and answers them with our ids", async () => {
    const { robot, server } = startRobot();
    const result = await robot.run('fetch_user_groups', {});
    expect(result.scanned).toEqual([{ fb_group_id: GROUP.fb_group_id, name: GROUP.name, role: 'admin', members_count: 1200 }]);
    expect(result.groups).toEqual([{ ...GROUP, avatar_url: null, role: 'admin', is_acquired: false }]);
    expect(bodiesOf(server, '/robot/user_groups')).toEqual([{ groups: result.scanned }]);
  });

  it("stores the group's admins and answers the confirm-ownership state", async () => {
    const { robot, server } = startRobot();
    await expect(robot.run('fetch_group_owners', GROUP)).resolves.toEqual({
      admins: 1,
      permissions: { group_id: GROUP.id, fb_group_id: GROUP.fb_group_id, role: 'admin', admins: [], is_acquired: false },
    });
    expect(bodiesOf(server, `/robot/groups/${GROUP.id}/owners`)).toEqual([{ admins: [{ fb_user_id: '100200300400', name: 'Ada Admin' }] }]);
  });
});
