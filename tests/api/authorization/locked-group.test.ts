import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups, memberships, payment_accounts } from '../../../server/db/schema';
import { createHandlers } from '../../../server/handlers';
import type { HandlerContext } from '../../../server/handlers/types';
import { listOperations, loadContract, type ContractOperation } from '../../../server/http/contract';
import { databaseKinds } from '../../support/database';
import type { RequestOverrides } from './matrix';
import { createResponseValidator } from '../support/contract-schemas';
import { sampleRequest, withToken } from '../support/requests';
import type { RoleWorld } from '../support/roles';
import { groupIdsByName, signInAs } from '../support/sandbox-session';
import { createSeededServer } from '../support/seeded-server';
import { cardToken, CARDS } from '../subscriptions/billing-world';
import { tableDigests } from '../support/table-counts';
import type { TestServer } from '../support/test-server';

const contract = loadContract();
const groupAdminOperations = listOperations(contract).filter((operation) => operation.access === 'groupAdmin');
const writes = groupAdminOperations.filter((operation) => operation.method !== 'GET');
const refusedWrites = writes.filter((operation) => !operation.allowedWhenLocked);
const allowedWrites = writes.filter((operation) => operation.allowedWhenLocked);
const reads = groupAdminOperations.filter((operation) => operation.method === 'GET');
const built = new Set(Object.keys(createHandlers({} as HandlerContext)));
const NOW = new Date('2026-03-02T10:00:00Z');
const LOCKED_GROUP = 'Sourdough Bakers Support';

describe('the writes a locked group may still make', () => {
  it('are the ones paying needs: the subscription calls and the payment-terms flag', () => {
    expect(allowedWrites.map((operation) => operation.operationId).sort()).toEqual([
      'createSubscription',
      'updateGroupFlags',
      'updateSubscriptionSource',
      'upgradeSubscription',
    ]);
  });
});

describe.each(databaseKinds())('the locked sandbox group on %s', (kind) => {
  let server: TestServer;
  let token: string;
  let groupId: number;
  const responses = createResponseValidator(contract);

  beforeAll(async () => {
    server = await createSeededServer(kind, { now: () => NOW });
    token = (await signInAs(server.app, 'ada')).token;
    groupId = (await groupIdsByName(server.app, token))[LOCKED_GROUP]!;
  });
  afterAll(async () => server?.close());

  /** A member of the locked group in the given list, so a move of them would go through on an unlocked group. */
  const memberIn = async (list: 'active' | 'inactive') => {
    const [row] = await server.db
      .select({ id: memberships.member_id })
      .from(memberships)
      .where(and(eq(memberships.group_id, groupId), eq(memberships.list, list), eq(memberships.is_admin_holder, false)))
      .limit(1);
    return row!.id;
  };

  /** Inputs that would succeed on an unlocked group; the rest of the calls are sampled from the contract. */
  const overridesOf = async (operation: ContractOperation): Promise<RequestOverrides> => {
    switch (operation.operationId) {
      case 'setMembersWhitelisted':
        return { body: { is_whitelisted: true, ids: [await memberIn('inactive')] } };
      case 'setMembersRemoved':
        return { body: { is_removed: true, ids: [await memberIn('active')] } };
      case 'previewMemberRemoval':
        return { body: { ids: [await memberIn('active')] } };
      case 'startRobotJob':
        return { body: { name: 'fetch_group_members', args: { id: groupId } } };
      case 'updateGroupFlags':
        return { body: { flags: { checkbox_payment_terms_accept: true } } };
      case 'createSubscription':
        return { body: { plan: 'monthly' } };
      case 'upgradeSubscription':
        return { body: { plan: 'annual' } };
      case 'updateSubscriptionSource':
        return { body: { token: await cardToken(server.app, CARDS.visa) } };
      default:
        return {};
    }
  };

  const call = async (operation: ContractOperation) => {
    // Path parameters name the locked group; nothing else of a role world is read.
    const world = { group: { id: groupId, fb_group_id: '' } } as RoleWorld;
    const request = sampleRequest(contract, operation, world, await overridesOf(operation));
    return server.app.inject(withToken(request, token));
  };

  it("is the locked one of Ada's groups", async () => {
    const response = await server.app.inject({ method: 'GET', url: `/api/v1/groups/${groupId}`, headers: { authorization: `Bearer ${token}` } });
    expect(response.json().group).toMatchObject({ name: LOCKED_GROUP, is_locked: true });
  });

  it('refuses every other write of its admins with 409 locked, built or not, and writes nothing', async () => {
    expect(refusedWrites.length).toBeGreaterThan(10);
    const before = await tableDigests(server.db);
    const unexpected: string[] = [];
    for (const operation of refusedWrites) {
      const response = await call(operation);
      const body = response.json();
      if (response.statusCode !== 409 || body.error?.details?.reason !== 'locked') {
        unexpected.push(`${operation.operationId}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        continue;
      }
      expect(body).toEqual({ error: { code: 'conflict', message: 'Account is locked', details: { reason: 'locked' } } });
      expect(responses.validate(operation.path, operation.method, 409, body), operation.operationId).toBeUndefined();
      expect(response.headers['x-app-version']).toBe(server.config.appVersion);
    }
    expect.soft(unexpected).toEqual([]);
    expect(await tableDigests(server.db)).toEqual(before);
  });

  it('lets through the writes paying needs', async () => {
    for (const operation of allowedWrites) {
      // A successful payment unlocks the group: lock it again, so every write meets a locked group.
      await server.db.update(groups).set({ is_locked: true }).where(eq(groups.id, groupId));
      const response = await call(operation);
      expect(response.json().error?.details?.reason, operation.operationId).not.toBe('locked');
      expect(response.statusCode, operation.operationId).toBe(built.has(operation.operationId) ? 200 : 501);
    }
    const [group] = await server.db.select({ flags: groups.flags }).from(groups).where(eq(groups.id, groupId));
    expect(group!.flags).toMatchObject({ checkbox_payment_terms_accept: true });
  });

  it('answers every read of the locked pages', async () => {
    // Its payment account is connected, so its connections review is read like the other pages.
    await server.db
      .insert(payment_accounts)
      .values({ group_id: groupId, onboarding: 'completed' })
      .onConflictDoUpdate({ target: payment_accounts.group_id, set: { onboarding: 'completed' } });
    for (const operation of reads) {
      const response = await call(operation);
      expect(response.statusCode, `${operation.operationId}: ${response.body.slice(0, 200)}`).toBe(built.has(operation.operationId) ? 200 : 501);
    }
  });

  it('still takes the reports of a robot job started before the group was locked', async () => {
    const headers = { authorization: `Bearer ${token}` };
    await server.db.update(groups).set({ is_locked: false }).where(eq(groups.id, groupId));
    const started = await server.app.inject({
      method: 'POST',
      url: `/api/v1/robot/groups/${groupId}/jobs`,
      headers,
      payload: { name: 'fetch_group_posts', args: { id: groupId } },
    });
    await server.db.update(groups).set({ is_locked: true }).where(eq(groups.id, groupId));
    expect(started.statusCode, started.body).toBe(201);
    const jobId = started.json().job.id;
    const progress = await server.app.inject({ method: 'POST', url: `/api/v1/robot/jobs/${jobId}/progress`, headers, payload: { progress: 1, total: 2 } });
    expect(progress.statusCode, progress.body).toBe(200);
    const finished = await server.app.inject({ method: 'POST', url: `/api/v1/robot/jobs/${jobId}/finish`, headers, payload: { status: 'stopped' } });
    expect(finished.statusCode, finished.body).toBe(200);
  });
});
