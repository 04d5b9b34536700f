import { describe, expect, it } from 'vitest';
import { createActor, toPromise, type AnyActorRef } from 'xstate';
import { acquireGroup, fetchOwners, scanAdmins } from '../../../machines/confirmOwnership/actors';
import { createApiClient } from '../../../src/api/client';
import type { components } from '../../../src/api/schema';
import { bookClubGroup } from '../../../src/features/onboarding/fixtures';
import { RobotError } from '../../../src/robot/protocol';
import { createFakeRobot } from '../../model/robot/fakeRobot';
import { BASE_URL, createFakeServer } from '../app/support/fakeServer';
import { groupFixture } from '../support/sessionFixtures';

type OnboardingPermission = components['schemas']['OnboardingPermission'];

const permission: OnboardingPermission = {
  role: 'admin',
  admins: [],
  is_acquired: false,
};

interface Seen {
  method: string;
  path: string;
  query: Record<string, string>;
}

/** The contract-checked fake server, answering the one call under test with `answer`; every call is recorded. */
function serverAnswering(method: string, path: string, answer: (server: ReturnType<typeof createFakeServer>) => Response) {
  const server = createFakeServer([]);
  const seen: Seen[] = [];
  server.override((request) => {
    const url = new URL(request.url);
    const route = url.pathname.replace('/api/v1', '');
    if (request.method !== method || route !== path) return undefined;
    seen.push({ method: request.method, path: route, query: Object.fromEntries(url.searchParams) });
    return answer(server);
  });
  const api = createApiClient({ baseUrl: BASE_URL, fetch: server.fetch });
  return { api, server, seen };
}

/** A server that never answers: the network failed. */
const unreachableApi = () =>
  createApiClient({ baseUrl: BASE_URL, fetch: () => Promise.reject(new TypeError('Failed to fetch')) });

/** Starts the promise actor and waits for its answer. */
const run = <A extends AnyActorRef>(ref: A) => {
  ref.start();
  return toPromise(ref);
};

describe('fetchOwners (GET /groups/owners)', () => {
  it("asks about the group by its social-network id and answers the user's permission", async () => {
    const { api, seen, server } = serverAnswering('GET', '/groups/owners', (s) => s.json({ permissions: permission }));
    const output = await run(createActor(fetchOwners, { input: { api, group: bookClubGroup } }));
    expect(output).toStrictEqual({ kind: 'answered', permission });
    expect(seen).toEqual([{ method: 'GET', path: '/groups/owners', query: { fb_group_id: '2203344556677001' } }]);
    expect(server.requests).toEqual([{ method: 'GET', path: '/groups/owners', body: undefined }]);
  });

  it("fails with the server's reason when the group is not found", async () => {
    const { api } = serverAnswering('GET', '/groups/owners', (s) => s.failure(404, 'not_found', 'Group not found!'));
    expect(await run(createActor(fetchOwners, { input: { api, group: bookClubGroup } }))).toStrictEqual({
      kind: 'failed',
      failure: { source: 'server', message: 'Group not found!' },
    });
  });

  it('fails as an unanswered server when the network fails', async () => {
    expect(await run(createActor(fetchOwners, { input: { api: unreachableApi(), group: bookClubGroup } }))).toStrictEqual({
      kind: 'failed',
      failure: { source: 'server', message: 'The server did not answer.' },
    });
  });
});

describe('scanAdmins (robot fetch_group_owners, then GET /groups/owners)', () => {
  it('has the robot scan the group, then answers what the server says', async () => {
    const fake = createFakeRobot();
    const { api, seen } = serverAnswering('GET', '/groups/owners', (s) => s.json({ permissions: { ...permission, is_acquired: true } }));
    const ref = createActor(scanAdmins, { input: { api, robot: fake.robot, group: bookClubGroup } });
    const output = run(ref);
    await Promise.resolve();
    const scan = fake.lastRun();
    expect(scan.command).toBe('fetch_group_owners');
    expect(scan.args).toStrictEqual({ id: 41, name: 'Riverside Book Club', fb_group_id: '2203344556677001', fb_slug: 'riverside-book-club' });
    // The server is only asked once the robot has reported the admins.
    expect(seen).toEqual([]);
    scan.resolve({ admins: 2, permissions: permission });
    expect(await output).toStrictEqual({ kind: 'answered', permission: { ...permission, is_acquired: true } });
    expect(seen.map((call) => call.query)).toEqual([{ fb_group_id: '2203344556677001' }]);
  });

  it("fails with the robot's reason when the scan fails, without asking the server", async () => {
    const fake = createFakeRobot();
    const { api, seen } = serverAnswering('GET', '/groups/owners', (s) => s.json({ permissions: permission }));
    const output = run(createActor(scanAdmins, { input: { api, robot: fake.robot, group: bookClubGroup } }));
    await Promise.resolve();
    fake.lastRun().reject(new RobotError('not_installed', 'The xFilter extension is not installed.'));
    expect(await output).toStrictEqual({
      kind: 'failed',
      failure: { source: 'robot', code: 'not_installed', message: 'The xFilter extension is not installed.' },
    });
    expect(seen).toEqual([]);
  });

  it('cancels the robot scan when the actor is stopped', async () => {
    const fake = createFakeRobot();
    const ref = createActor(scanAdmins, { input: { api: unreachableApi(), robot: fake.robot, group: bookClubGroup } });
    ref.start();
    await Promise.resolve();
    const scan = fake.lastRun();
    expect(scan.signal?.aborted).toBe(false);
    ref.stop();
    expect(scan.signal?.aborted).toBe(true);
  });
});

describe('acquireGroup (POST /groups/acquire)', () => {
  it('names the group by our id and answers acquired', async () => {
    const server = createFakeServer([]);
    server.override((request) => {
      if (request.method !== 'POST' || new URL(request.url).pathname !== '/api/v1/groups/acquire') return undefined;
      return server.json({ group: groupFixture({ id: 41, fb_group_id: '2203344556677001', name: 'Riverside Book Club' }) });
    });
    const api = createApiClient({ baseUrl: BASE_URL, fetch: server.fetch });
    expect(await run(createActor(acquireGroup, { input: { api, group: bookClubGroup } }))).toStrictEqual({ kind: 'acquired' });
    expect(server.requests).toEqual([{ method: 'POST', path: '/groups/acquire', body: { id: 41 } }]);
  });

  it('is refused on 409 (someone holds the group already, or the user is no admin there)', async () => {
    const { api } = serverAnswering('POST', '/groups/acquire', (s) => s.failure(409, 'conflict', 'This group is already acquired.'));
    expect(await run(createActor(acquireGroup, { input: { api, group: bookClubGroup } }))).toStrictEqual({ kind: 'refused' });
  });

  it("fails with the server's reason on any other refusal", async () => {
    const { api } = serverAnswering('POST', '/groups/acquire', (s) => s.failure(404, 'not_found', 'Group not found!'));
    expect(await run(createActor(acquireGroup, { input: { api, group: bookClubGroup } }))).toStrictEqual({
      kind: 'failed',
      failure: { source: 'server', message: 'Group not found!' },
    });
  });

  it('fails as an unanswered server when the network fails', async () => {
    expect(await run(createActor(acquireGroup, { input: { api: unreachableApi(), group: bookClubGroup } }))).toStrictEqual({
      kind: 'failed',
      failure: { source: 'server', message: 'The server did not answer.' },
    });
  });
});
