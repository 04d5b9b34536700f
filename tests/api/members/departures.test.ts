import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { audit_logs, groups, members, memberships } from '../../../server/db/schema';
import { databaseKinds } from '../../support/database';
import { apiAs, type ApiCall } from '../support/robot-client';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { finishJob, startJob } from '../support/sandbox-robot';
import { createTestServer, type TestServer } from '../support/test-server';

interface Person {
  memberId: number;
  fb_user_id: string;
  name: string;
}

interface ScannedGroup {
  id: number;
  /** Its subscribers, by name. */
  people: Person[];
  whitelisted: Person[];
}

const BEFORE_THE_SCANS = new Date('2026-03-01T09:00:00Z');

describe.each(databaseKinds())('departures a members scan finds on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  let admin: ApiCall;
  let otherAdmin: ApiCall;
  let clock = new Date('2026-03-02T09:00:00Z');
  let made = 0;

  beforeAll(async () => {
    server = await createTestServer(kind, {}, { now: () => clock });
    world = await createRoleWorld(server.db);
    admin = apiAs(server.app, world.tokens.groupAdmin!);
    otherAdmin = apiAs(server.app, world.tokens.otherGroupAdmin!);
  });
  afterAll(async () => server?.close());
  beforeEach(() => {
    clock = new Date(clock.getTime() + 3_600_000);
  });

  /** A group the role world's admin holds, with `size` inactive subscribers and `whitelisted` more, none seen since before the scans. */
  async function groupOf(size: number, whitelisted = 0): Promise<ScannedGroup> {
    made += 1;
    const [group] = await server.db
      .insert(groups)
      .values({ fb_group_id: `86${String(made).padStart(5, '0')}`, name: `Scanned Group ${made}`, subscribed_plan: 'annual' })
      .returning({ id: groups.id });
    await server.db.insert(memberships).values({
      group_id: group!.id,
      member_id: world.memberId,
      member_name: 'Test groupAdmin',
      role: 'admin',
      is_admin_holder: true,
      updated_at: BEFORE_THE_SCANS,
    });
    const people: Person[] = [];
    for (let i = 0; i < size + whitelisted; i += 1) {
      const name = `Person ${made}-${String(i).padStart(3, '0')}`;
      const fbUserId = `87${String(made).padStart(3, '0')}${String(i).padStart(4, '0')}`;
      const [member] = await server.db.insert(members).values({ fb_user_id: fbUserId, name }).returning({ id: members.id });
      people.push({ memberId: member!.id, fb_user_id: fbUserId, name });
    }
    await server.db.insert(memberships).values(
      people.map((person, i) => ({
        group_id: group!.id,
        member_id: person.memberId,
        member_name: person.name,
        is_whitelisted: i >= size,
        updated_at: BEFORE_THE_SCANS,
      })),
    );
    return { id: group!.id, people: people.slice(0, size), whitelisted: people.slice(size) };
  }

  /** A members scan that reports `seen` (one batch), left running. Its job id. */
  async function scanSeeing(group: ScannedGroup, seen: Person[]): Promise<number> {
    const jobId = await startJob(admin, group.id, 'fetch_group_members');
    clock = new Date(clock.getTime() + 60_000);
    const batch = await admin('POST', '/robot/jobs/{job_id}/members', {
      url: `/robot/jobs/${jobId}/members`,
      payload: { batch_no: 0, members: seen.map(({ fb_user_id, name }) => ({ fb_user_id, name, role: 'subscriber' })) },
    });
    expect(batch.status).toBe(200);
    clock = new Date(clock.getTime() + 60_000);
    return jobId;
  }

  /** A members scan that reports `seen` and completes. Its job id. */
  async function completedScanSeeing(group: ScannedGroup, seen: Person[]): Promise<number> {
    const jobId = await scanSeeing(group, seen);
    await finishJob(admin, jobId);
    return jobId;
  }

  async function listsOf(group: ScannedGroup): Promise<Record<string, string>> {
    const rows = await server.db
      .select({ name: memberships.member_name, list: memberships.list })
      .from(memberships)
      .where(eq(memberships.group_id, group.id));
    return Object.fromEntries(rows.map((row) => [row.name, row.list]));
  }

  async function removedOf(group: ScannedGroup): Promise<string[]> {
    const rows = await server.db
      .select({ name: memberships.member_name })
      .from(memberships)
      .where(and(eq(memberships.group_id, group.id), eq(memberships.is_removed, true)))
      .orderBy(asc(memberships.member_name));
    return rows.map((row) => row.name);
  }

  async function auditsOf(group: ScannedGroup) {
    return server.db
      .select({ kind: audit_logs.kind, userId: audit_logs.user_id, data: audit_logs.data, at: audit_logs.created_at })
      .from(audit_logs)
      .where(and(eq(audit_logs.group_id, group.id), inArray(audit_logs.kind, ['departures_held', 'departures_confirmed', 'departures_dismissed'])))
      .orderBy(asc(audit_logs.id));
  }

  const heldOf = (group: ScannedGroup, call = admin) => call('GET', '/groups/{id}/departures', { url: `/groups/${group.id}/departures` });
  const decide = (group: ScannedGroup, verb: 'confirm' | 'dismiss', jobId: number, call = admin) =>
    call('POST', `/groups/{id}/departures/${verb}`, { url: `/groups/${group.id}/departures/${verb}`, payload: { job_id: jobId } });
  const names = (people: Person[]) => people.map((person) => person.name);

  it('moves the few members a scan did not see to removed, as before, and holds nothing', async () => {
    const group = await groupOf(40);
    await completedScanSeeing(group, group.people.slice(0, 30));
    expect(await removedOf(group)).toEqual(names(group.people.slice(30)));
    expect((await heldOf(group)).body).toEqual({ departures: null });
    expect(await auditsOf(group)).toEqual([]);
  });

  it('never moves a whitelisted member because of a scan, nor a holder', async () => {
    const group = await groupOf(40, 5);
    await completedScanSeeing(group, group.people.slice(0, 38));
    const lists = await listsOf(group);
    expect(await removedOf(group)).toEqual(names(group.people.slice(38)));
    expect(group.whitelisted.map((person) => lists[person.name])).toEqual(Array(5).fill('whitelisted'));
    expect(lists['Test groupAdmin']).not.toBe('removed');
  });

  it('holds a departure of more than a tenth of the group for the admin, audited, and moves no one', async () => {
    const group = await groupOf(100, 5);
    const before = await listsOf(group);
    const jobId = await completedScanSeeing(group, group.people.slice(0, 10));
    expect(await listsOf(group)).toEqual(before);
    expect(await auditsOf(group)).toEqual([
      { kind: 'departures_held', userId: world.userIds.groupAdmin, data: { ip: '127.0.0.1', job_id: jobId, count: 90, seen: 10, listed: 101 }, at: clock },
    ]);
    const held = await heldOf(group);
    expect(held.status).toBe(200);
    expect(held.body.departures).toMatchObject({ job_id: jobId, count: 90, held_at: clock.toISOString() });
    expect(held.body.departures.members.map((member: { name: string }) => member.name)).toEqual(names(group.people.slice(10, 20)));
  });

  it('holds the departures of a scan that saw fewer than half of the group, however few they are', async () => {
    const group = await groupOf(40);
    const before = await listsOf(group);
    const jobId = await completedScanSeeing(group, group.people.slice(0, 18));
    expect(await listsOf(group)).toEqual(before);
    expect((await heldOf(group)).body.departures).toMatchObject({ job_id: jobId, count: 22 });
  });

  it('confirms exactly the held departures: not those seen again or whitelisted since, nor anyone the scan did not hold', async () => {
    const group = await groupOf(100);
    const jobId = await completedScanSeeing(group, group.people.slice(0, 10));
    const [whitelistedSince, seenAgain] = group.people.slice(10, 12);
    // Whitelisted without touching updated_at, so only the whitelist keeps this member in.
    await server.db
      .update(memberships)
      .set({ is_whitelisted: true })
      .where(and(eq(memberships.group_id, group.id), eq(memberships.member_id, whitelistedSince!.memberId)));
    await scanSeeing(group, [seenAgain!]);
    const [joinedLater] = await server.db.insert(members).values({ fb_user_id: '8899999', name: 'Person joined later' }).returning({ id: members.id });
    await server.db
      .insert(memberships)
      .values({ group_id: group.id, member_id: joinedLater!.id, member_name: 'Person joined later', updated_at: BEFORE_THE_SCANS });
    expect((await heldOf(group)).body.departures.count).toBe(88);

    const confirmed = await decide(group, 'confirm', jobId);
    expect(confirmed).toEqual({ status: 200, body: { count: 88 } });
    expect(await removedOf(group)).toEqual(names(group.people.slice(12)));
    const lists = await listsOf(group);
    expect([lists[whitelistedSince!.name], lists[seenAgain!.name], lists['Person joined later']]).toEqual(['whitelisted', 'inactive', 'inactive']);
    expect((await auditsOf(group)).at(-1)).toEqual({
      kind: 'departures_confirmed',
      userId: world.userIds.groupAdmin,
      data: { ip: '127.0.0.1', job_id: jobId, count: 88 },
      at: clock,
    });
    expect((await heldOf(group)).body).toEqual({ departures: null });
    const again = await decide(group, 'confirm', jobId);
    expect(again.status).toBe(409);
    expect(again.body.error.details).toEqual({ reason: 'not_held' });
  });

  it('keeps everyone when the admin dismisses the held departures', async () => {
    const group = await groupOf(100);
    const jobId = await completedScanSeeing(group, group.people.slice(0, 10));
    const before = await listsOf(group);
    expect(await decide(group, 'dismiss', jobId)).toEqual({ status: 200, body: { count: 90 } });
    expect(await listsOf(group)).toEqual(before);
    expect((await auditsOf(group)).map((audit) => [audit.kind, audit.data.count])).toEqual([
      ['departures_held', 90],
      ['departures_dismissed', 90],
    ]);
    expect((await heldOf(group)).body).toEqual({ departures: null });
  });

  it('lets a later completed scan replace the held departures', async () => {
    const group = await groupOf(100);
    const heldJob = await completedScanSeeing(group, group.people.slice(0, 10));
    await completedScanSeeing(group, group.people.slice(0, 97));
    expect(await removedOf(group)).toEqual(names(group.people.slice(97)));
    expect((await heldOf(group)).body).toEqual({ departures: null });
    const stale = await decide(group, 'confirm', heldJob);
    expect(stale.status).toBe(409);
    expect(await removedOf(group)).toEqual(names(group.people.slice(97)));
  });

  it('refuses a decision naming another scan than the held one', async () => {
    const group = await groupOf(100);
    const jobId = await completedScanSeeing(group, group.people.slice(0, 10));
    const before = await listsOf(group);
    const wrong = await decide(group, 'confirm', jobId + 1000);
    expect(wrong.status).toBe(409);
    expect(wrong.body.error.details).toEqual({ reason: 'not_held' });
    expect(await listsOf(group)).toEqual(before);
    expect((await heldOf(group)).body.departures.count).toBe(90);
  });

  it("hides a group's held departures from another group's admin, who can neither confirm nor dismiss them", async () => {
    const group = await groupOf(100);
    const jobId = await completedScanSeeing(group, group.people.slice(0, 10));
    const before = await listsOf(group);
    for (const answer of [await heldOf(group, otherAdmin), await decide(group, 'confirm', jobId, otherAdmin), await decide(group, 'dismiss', jobId, otherAdmin)]) {
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('not_found');
    }
    expect(await listsOf(group)).toEqual(before);
    expect((await heldOf(group)).body.departures.count).toBe(90);
    expect((await auditsOf(group)).map((audit) => audit.kind)).toEqual(['departures_held']);
  });
});
