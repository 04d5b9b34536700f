import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit_logs, sessions } from '../../../server/db/schema';
import { generateToken, hashToken } from '../../../server/domain/tokens';
import { SWITCHED_SESSION_MESSAGE } from '../../../server/http/errors';
import { listOperations, loadContract, type ContractOperation } from '../../../server/http/contract';
import { httpOnlyDatabase } from '../../support/database';
import { createResponseValidator } from '../support/contract-schemas';
import { sampleRequest, withToken } from '../support/requests';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { createTestServer, type TestServer } from '../support/test-server';
import { expectedStatus } from './expected-status';
import { AUTHORIZATION_MATRIX } from './matrix';

const contract = loadContract();
const operations = listOperations(contract);

/**
 * What a supervisor switched into another user may not do (docs/CONVENTIONS.md, switched
 * sessions): change the user's card, pay with it, or sign in to the companion product as them.
 */
const REFUSED_TO_SWITCHED_SESSIONS = ['createCompanionToken', 'createSubscription', 'updateSubscriptionSource', 'upgradeSubscription'];

/** What the group admin's session switched into by the supervisor gets from an operation. */
function switchedStatus(operation: ContractOperation): number {
  if (REFUSED_TO_SWITCHED_SESSIONS.includes(operation.operationId)) return 403;
  // Only a switched session has a switch to end.
  if (operation.operationId === 'endSwitchedSession') return 200;
  return expectedStatus(operation, 'groupAdmin', AUTHORIZATION_MATRIX[operation.operationId]?.built?.status ?? 501);
}

describe('the operations a switched session may not call', () => {
  it('are the ones the contract marks x-switched-session: refused', () => {
    const marked = operations.filter((operation) => operation.refusedToSwitchedSession).map((operation) => operation.operationId);
    expect(marked.sort()).toEqual(REFUSED_TO_SWITCHED_SESSIONS);
  });
});

describe.each(httpOnlyDatabase())('every operation through a supervisor switched into the group admin on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  const responses = createResponseValidator(contract);

  beforeAll(async () => {
    server = await createTestServer(kind);
    world = await createRoleWorld(server.db);
  });
  afterAll(async () => server?.close());

  /** A session of the group admin opened by the supervisor's switch, one per call. */
  async function switchedSession(): Promise<string> {
    const token = generateToken();
    await server.db.insert(sessions).values({ user_id: world.userIds.groupAdmin, token_hash: hashToken(token), impersonator_user_id: world.userIds.supervisor });
    return token;
  }

  const lastAuditId = async () => (await server.db.select({ id: audit_logs.id }).from(audit_logs).orderBy(audit_logs.id)).at(-1)?.id ?? 0;

  // Every operation that takes a token (one that takes none has no session to be switched); the
  // truncations and other supervisor-only operations answer the switched group admin 404 and change nothing.
  const secured = operations.filter((operation) => operation.secured);
  it.each(secured.map((operation) => [operation.operationId, operation] as const))('%s', async (_operationId, operation) => {
    const row = AUTHORIZATION_MATRIX[operation.operationId]!;
    const overrides = await row.built?.request?.(world, { app: server.app, db: server.db, role: 'groupAdmin' });
    const before = await lastAuditId();
    const response = await server.app.inject(withToken(sampleRequest(contract, operation, world, overrides), await switchedSession()));

    const expected = switchedStatus(operation);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(expected);
    if (String(response.headers['content-type'] ?? '').startsWith('application/json')) {
      expect(responses.validate(operation.path, operation.method, response.statusCode, response.json())).toBeUndefined();
    }
    if (expected === 403) {
      expect(response.json()).toEqual({ error: { code: 'forbidden', message: SWITCHED_SESSION_MESSAGE, details: { reason: 'switched_session' } } });
      expect(await lastAuditId()).toBe(before);
    }
    // Whatever the call recorded names the supervisor who made it, but the way back, which is the supervisor's own.
    const supervisorOf = (userId: number | null) => (userId === world.userIds.supervisor ? null : world.userIds.supervisor);
    const recorded = await server.db
      .select({ kind: audit_logs.kind, user_id: audit_logs.user_id, switched_by_user_id: audit_logs.switched_by_user_id })
      .from(audit_logs)
      .where(gt(audit_logs.id, before));
    for (const record of recorded) {
      expect(record, record.kind).toEqual({
        kind: record.kind,
        user_id: record.user_id,
        switched_by_user_id: supervisorOf(record.user_id),
      });
    }
  });

  it('records the supervisor beside the user on what a switched session changes, and nothing of the kind on an own session', async () => {
    const own = generateToken();
    await server.db.insert(sessions).values({ user_id: world.userIds.groupAdmin, token_hash: hashToken(own) });
    for (const token of [await switchedSession(), own]) {
      const saved = await server.app.inject({
        method: 'POST',
        url: `/api/v1/groups/${world.group.id}/settings`,
        headers: { authorization: `Bearer ${token}` },
        payload: { settings: { engagement_sync_posts_back: token === own ? 12 : 11 } },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const settingsRecords = await server.db
      .select({ user_id: audit_logs.user_id, switched_by_user_id: audit_logs.switched_by_user_id, diff: audit_logs.data })
      .from(audit_logs)
      .where(and(eq(audit_logs.kind, 'settings_updated'), eq(audit_logs.group_id, world.group.id)))
      .orderBy(audit_logs.id);
    expect(settingsRecords.slice(-2).map(({ user_id, switched_by_user_id }) => ({ user_id, switched_by_user_id }))).toEqual([
      { user_id: world.userIds.groupAdmin, switched_by_user_id: world.userIds.supervisor },
      { user_id: world.userIds.groupAdmin, switched_by_user_id: null },
    ]);
  });
});
