import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { audit_logs, groups, members, memberships } from '../../../server/db/schema';
import { databaseKinds } from '../../support/database';
import { SPEC_MEMBER_MOVE_UNDO_GRACE_MS, SPEC_MEMBER_MOVE_UNDO_MS } from '../../support/spec-numbers';
import { createResponseValidator } from '../support/contract-schemas';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { bearer } from '../support/sandbox-session';
import { createTestServer, type TestServer } from '../support/test-server';

const contract = createResponseValidator();

describe.each(databaseKinds())('undoing a member move on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  let made = 0;
  /** The server's clock stands at this moment when set (a test moves it to the undo window's edge instead of waiting), else it runs. */
  let frozenAt: number | null = null;
  beforeAll(async () => {
    server = await createTestServer(kind, {}, { now: () => new Date(frozenAt ?? Date.now()) });
    world = await createRoleWorld(server.db);
  });
  afterAll(async () => server?.close());
  beforeEach(async () => {
    frozenAt = null;
    await server.db.update(groups).set({ subscribed_plan: 'annual', is_locked: false }).where(eq(groups.id, world.group.id));
  });

  const membersIn = async (list: 'inactive' | 'whitelisted' | 'removed', count: number, removedAt: Date | null = null) => {
    const ids: number[] = [];
    for (let i = 0; i < count; i += 1) {
      made += 1;
      const [member] = await server.db.insert(members).values({ fb_user_id: `78${made}`, name: `Undoer ${made}` }).returning({ id: members.id });
      await server.db.insert(memberships).values({
        group_id: world.group.id,
        member_id: member!.id,
        member_name: `Undoer ${made}`,
        is_whitelisted: list === 'whitelisted',
        is_removed: list === 'removed',
        removed_at: list === 'removed' ? removedAt : null,
      });
      ids.push(member!.id);
    }
    return ids;
  };

  const rowsOf = async (ids: number[]) => {
    const rows = await server.db
      .select({ id: memberships.member_id, list: memberships.list, removedAt: memberships.removed_at })
      .from(memberships)
      .where(and(eq(memberships.group_id, world.group.id), inArray(memberships.member_id, ids)));
    return Object.fromEntries(rows.map((row) => [row.id, row]));
  };
  const listsOf = async (ids: number[]) => Object.fromEntries(Object.entries(await rowsOf(ids)).map(([id, row]) => [id, row.list]));

  const move = async (path: 'whitelisted' | 'removed', body: Record<string, unknown>, token = world.tokens.groupAdmin!) => {
    const response = await server.app.inject({
      method: 'POST',
      url: `/api/v1/groups/${world.group.id}/members/${path}`,
      headers: bearer(token),
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(contract.validate(`/groups/{id}/members/${path}`, 'POST', 200, response.json())).toBeUndefined();
    return response.json().move_id as string;
  };

  const undo = async (moveId: string, token = world.tokens.groupAdmin!) => {
    const response = await server.app.inject({
      method: 'POST',
      url: `/api/v1/groups/${world.group.id}/members/moves/${moveId}/undo`,
      headers: bearer(token),
    });
    const body = response.json();
    expect(contract.validate('/groups/{id}/members/moves/{move_id}/undo', 'POST', response.statusCode, body)).toBeUndefined();
    return { status: response.statusCode, body };
  };

  const undoAudits = async (moveId: string) =>
    (await server.db.select({ kind: audit_logs.kind, memberId: audit_logs.member_id, data: audit_logs.data }).from(audit_logs))
      .filter((row) => row.data.undo_of === moveId)
      .map(({ kind, memberId }) => ({ kind, memberId }));

  it('takes a whitelisting back to inactive in one call, auditing each member', async () => {
    const ids = await membersIn('inactive', 3);
    const moveId = await move('whitelisted', { is_whitelisted: true, ids });
    const answer = await undo(moveId);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ count: 3, skipped: 0 });
    expect(Object.values(await listsOf(ids))).toEqual(['inactive', 'inactive', 'inactive']);
    expect(await undoAudits(moveId)).toEqual(expect.arrayContaining(ids.map((memberId) => ({ kind: 'members_unwhitelisted', memberId }))));
  });

  it('restores only the rows the move changed and nothing changed since', async () => {
    const ids = await membersIn('inactive', 2);
    const moveId = await move('whitelisted', { is_whitelisted: true, ids });
    await move('whitelisted', { is_whitelisted: false, ids: [ids[1]!] });
    await move('whitelisted', { is_whitelisted: true, ids: [ids[1]!] });
    const answer = await undo(moveId);
    expect(answer.body).toMatchObject({ count: 1, skipped: 1 });
    expect(await listsOf(ids)).toEqual({ [ids[0]!]: 'inactive', [ids[1]!]: 'whitelisted' });
  });

  it("undoes 'Move to Removed' and 'Move to Inactive', putting back when each member was moved to Removed", async () => {
    const removedAt = new Date('2026-02-01T10:00:00Z');
    const removed = await membersIn('removed', 2, removedAt);
    const restoreId = await move('removed', { is_removed: false, ids: removed });
    expect((await undo(restoreId)).body).toMatchObject({ count: 2, skipped: 0 });
    const rows = await rowsOf(removed);
    expect(removed.map((id) => [rows[id]!.list, rows[id]!.removedAt?.toISOString()])).toEqual(removed.map(() => ['removed', removedAt.toISOString()]));

    const inactive = await membersIn('inactive', 1);
    const removeId = await move('removed', { is_removed: true, ids: inactive });
    expect((await undo(removeId)).body).toMatchObject({ count: 1, skipped: 0 });
    expect((await rowsOf(inactive))[inactive[0]!]).toMatchObject({ list: 'inactive', removedAt: null });
  });

  it('refuses a second undo of the same move, and changes nothing', async () => {
    const ids = await membersIn('inactive', 1);
    const moveId = await move('whitelisted', { is_whitelisted: true, ids });
    expect((await undo(moveId)).status).toBe(200);
    const again = await undo(moveId);
    expect([again.status, again.body.error.details]).toEqual([409, { reason: 'undone' }]);
    expect(await listsOf(ids)).toEqual({ [ids[0]!]: 'inactive' });
  });

  it("takes an undo until the page's 10 s and the server's 5 s of grace are over, and refuses it a millisecond later, changing nothing", async () => {
    const [onTime, late] = [await membersIn('inactive', 1), await membersIn('inactive', 1)];
    const movedAt = Date.now();
    frozenAt = movedAt;
    const onTimeMove = await move('whitelisted', { is_whitelisted: true, ids: onTime });
    const lateMove = await move('whitelisted', { is_whitelisted: true, ids: late });
    frozenAt = movedAt + SPEC_MEMBER_MOVE_UNDO_MS + SPEC_MEMBER_MOVE_UNDO_GRACE_MS;
    expect((await undo(onTimeMove)).body).toMatchObject({ count: 1, skipped: 0 });
    frozenAt += 1;
    const expired = await undo(lateMove);
    expect([expired.status, expired.body.error.details]).toEqual([409, { reason: 'expired' }]);
    expect(await listsOf([...onTime, ...late])).toEqual({ [onTime[0]!]: 'inactive', [late[0]!]: 'whitelisted' });
  });

  it("answers 404 for a move that is not the caller's in this group, and for one that never was", async () => {
    const ids = await membersIn('inactive', 1);
    const moveId = await move('whitelisted', { is_whitelisted: true, ids });
    for (const token of [world.tokens.otherGroupAdmin!, world.tokens.subscriber!]) expect((await undo(moveId, token)).status).toBe(404);
    expect((await undo('7c9e6679-7425-40de-944b-e07fc1f90ae7')).status).toBe(404);
    expect(await listsOf(ids)).toEqual({ [ids[0]!]: 'whitelisted' });
  });

  it('refuses a move id that is not one, and an undo on a locked group, and changes nothing', async () => {
    expect((await undo('not-a-move')).status).toBe(400);
    const ids = await membersIn('inactive', 1);
    const moveId = await move('whitelisted', { is_whitelisted: true, ids });
    await server.db.update(groups).set({ is_locked: true }).where(eq(groups.id, world.group.id));
    const locked = await undo(moveId);
    expect([locked.status, locked.body.error.details]).toEqual([409, { reason: 'locked' }]);
    expect(await listsOf(ids)).toEqual({ [ids[0]!]: 'whitelisted' });
  });
});
