import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit_logs, groups, memberships, sessions, users } from '../../../server/db/schema';
import { generateToken, hashToken } from '../../../server/domain/tokens';
import { databaseKinds } from '../../support/database';
import { apiAs, type ApiCall } from '../support/robot-client';
import { reportOwners, reportUserGroups, type ReportedGroup } from '../support/sandbox-robot';
import { signInAs } from '../support/sandbox-session';
import { createSeededServer } from '../support/seeded-server';
import type { TestServer } from '../support/test-server';

describe.each(databaseKinds())('confirm ownership on %s', (kind) => {
  let server: TestServer;
  let nora: ApiCall;
  let noraGroups: Map<string, ReportedGroup>;

  beforeAll(async () => {
    server = await createSeededServer(kind);
    nora = apiAs(server.app, (await signInAs(server.app, 'nora')).token);
  });
  afterAll(async () => server?.close());

  const owners = (call: ApiCall, fbGroupId: string) => call('GET', '/groups/owners', { query: { fb_group_id: fbGroupId } });
  const acquire = (call: ApiCall, id: number) => call('POST', '/groups/acquire', { payload: { id } });

  it('knows no group the robot has not reported yet', async () => {
    expect((await owners(nora, '4242424242')).status).toBe(404);
  });

  it('reports the groups the robot found, with the scanned role and whether someone holds each', async () => {
    noraGroups = new Map((await reportUserGroups(nora)).map((group) => [group.name, group]));
    expect([...noraGroups.values()].map((group) => [group.name, group.role, group.is_acquired])).toEqual([
      ['Home Espresso Enthusiasts', 'admin', true],
      ['Maple Street Book Club', 'admin', false],
      ['Indie Game Devs Hangout', 'admin', false],
      ['Amateur Astronomers Network', 'subscriber', false],
    ]);
    const [espresso] = await server.db.select().from(groups).where(eq(groups.name, 'Home Espresso Enthusiasts'));
    expect(noraGroups.get('Home Espresso Enthusiasts')!.id).toBe(espresso!.id);
  });

  it('refuses a subscriber, saying which role they have', async () => {
    const astronomy = noraGroups.get('Amateur Astronomers Network')!;
    const state = await reportOwners(nora, astronomy);
    expect(state.body.permissions).toMatchObject({ role: 'subscriber', admins: [], is_acquired: false });
    const refused = await acquire(nora, astronomy.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.details).toEqual({ reason: 'not_admin', role: 'subscriber' });
  });

  it('names the admins to contact when another admin holds the group, and refuses to acquire it', async () => {
    const espresso = noraGroups.get('Home Espresso Enthusiasts')!;
    const state = await owners(nora, espresso.fb_group_id);
    // Nora is an admin on the network, but has no admin rights here until Otto grants them.
    expect(state.body.permissions).toMatchObject({ role: 'subscriber', is_acquired: true });
    expect(state.body.permissions.admins.map((admin: { name: string }) => admin.name)).toEqual(['Otto Owner']);
    const refused = await acquire(nora, espresso.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.details).toEqual({ reason: 'already_acquired' });
  });

  it('lets an admin acquire an unheld group once, audited, after which it is theirs', async () => {
    const books = noraGroups.get('Maple Street Book Club')!;
    const state = await reportOwners(nora, books);
    expect(state.body.permissions).toMatchObject({ role: 'admin', admins: [], is_acquired: false });
    const acquired = await acquire(nora, books.id);
    expect(acquired.status).toBe(200);
    expect(acquired.body.group).toMatchObject({ id: books.id, name: 'Maple Street Book Club', removal_limits: expect.any(Object) });
    expect((await acquire(nora, books.id)).status).toBe(200);

    const after = await owners(nora, books.fb_group_id);
    expect(after.body.permissions).toMatchObject({ role: 'admin', is_acquired: true });
    expect(after.body.permissions.admins.map((admin: { name: string }) => admin.name)).toEqual(['Nora Newcomer']);
    const listed = await nora('GET', '/groups');
    expect(listed.body.groups.map((group: { name: string }) => group.name)).toEqual(['Maple Street Book Club']);
    const audits = await server.db.select().from(audit_logs).where(and(eq(audit_logs.group_id, books.id), eq(audit_logs.kind, 'group_acquired')));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.data).toEqual({ ip: expect.any(String) });
  });

  it("refuses an owners scan of a group another admin holds, and writes nothing: its admins are its holders' to scan", async () => {
    const espresso = noraGroups.get('Home Espresso Enthusiasts')!;
    const before = await server.db.select().from(memberships).where(eq(memberships.group_id, espresso.id)).orderBy(memberships.id);
    const refused = await reportOwners(nora, espresso);
    expect(refused.status).toBe(409);
    expect(refused.body.error.details).toEqual({ reason: 'already_acquired' });
    expect(await server.db.select().from(memberships).where(eq(memberships.group_id, espresso.id)).orderBy(memberships.id)).toEqual(before);
    const state = await owners(nora, espresso.fb_group_id);
    expect(state.body.permissions.admins.map((admin: { name: string }) => admin.name)).toEqual(['Otto Owner']);
  });

  it('tells who holds a group only to a user who reported it, by name and picture alone, and adds no one to its members', async () => {
    const espresso = noraGroups.get('Home Espresso Enthusiasts')!;
    const outsider = await registerNetworkUser('5550001', 'Outside Observer');
    for (const fbGroupId of [espresso.fb_group_id, '4242424242']) {
      const hidden = await owners(outsider, fbGroupId);
      expect(hidden.status).toBe(404);
      expect(hidden.body).toEqual({ error: { code: 'not_found', message: 'Group not found!' } });
    }
    const membersBefore = await server.db.select().from(memberships).where(eq(memberships.group_id, espresso.id)).orderBy(memberships.id);
    await outsider('POST', '/robot/user_groups', { payload: { groups: [{ fb_group_id: espresso.fb_group_id, name: espresso.name, role: 'admin' }] } });
    expect(await server.db.select().from(memberships).where(eq(memberships.group_id, espresso.id)).orderBy(memberships.id)).toEqual(membersBefore);

    const shown = await owners(outsider, espresso.fb_group_id);
    expect(shown.status).toBe(200);
    // What the network shows any member: the holders' names and pictures; no ids of ours or of the network.
    expect(shown.body).toEqual({
      permissions: { role: 'subscriber', is_acquired: true, admins: [{ name: 'Otto Owner', avatar_url: expect.stringMatching(/^http:\/\/localhost(:\d+)?\/sandbox\/images\//) }] },
    });
  });

  it('keeps a holder an admin whatever a later scan says', async () => {
    const books = noraGroups.get('Maple Street Book Club')!;
    const reported = await nora('POST', '/robot/user_groups', {
      payload: { groups: [{ fb_group_id: books.fb_group_id, name: books.name, role: 'subscriber' }] },
    });
    expect(reported.body.groups).toEqual([expect.objectContaining({ id: books.id, role: 'admin', is_acquired: true })]);
    expect((await nora('GET', '/groups')).body.groups).toHaveLength(1);
  });

  it('answers 404 to an owners report of a group the user never reported', async () => {
    const ada = apiAs(server.app, (await signInAs(server.app, 'ada')).token);
    const books = noraGroups.get('Maple Street Book Club')!;
    const response = await ada('POST', '/robot/groups/{id}/owners', { url: `/robot/groups/${books.id}/owners`, payload: { admins: [] } });
    expect(response.status).toBe(404);
  });

  it('lets only one of two admins acquiring at once hold the group', async () => {
    const gamedev = noraGroups.get('Indie Game Devs Hangout')!;
    const admins = await nora('GET', '/sandbox/network/groups/{fb_group_id}/admins', { url: `/sandbox/network/groups/${gamedev.fb_group_id}/admins` });
    const other = admins.body.admins.find((admin: { name: string }) => admin.name !== 'Nora Newcomer');
    await nora('POST', '/robot/groups/{id}/owners', { url: `/robot/groups/${gamedev.id}/owners`, payload: { admins: admins.body.admins } });
    const otherAdmin = await registerNetworkUser(other.fb_user_id, other.name);
    await otherAdmin('POST', '/robot/user_groups', { payload: { groups: [{ fb_group_id: gamedev.fb_group_id, name: gamedev.name, role: 'admin' }] } });
    const outcomes = await Promise.all([acquire(nora, gamedev.id), acquire(otherAdmin, gamedev.id)]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([200, 409]);
  });

  /** A user who is another person of the network, signed in. */
  async function registerNetworkUser(fbUserId: string, name: string): Promise<ApiCall> {
    const [user] = await server.db.insert(users).values({ fb_user_id: fbUserId, name }).returning({ id: users.id });
    const token = generateToken();
    await server.db.insert(sessions).values({ user_id: user!.id, token_hash: hashToken(token) });
    return apiAs(server.app, token);
  }
});
