import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../../server/handlers';
import type { HandlerContext } from '../../../server/handlers/types';
import { listOperations, loadContract, type ContractOperation } from '../../../server/http/contract';
import { databaseKinds } from '../../support/database';
import { createResponseValidator } from '../support/contract-schemas';
import { sampleRequest, withToken } from '../support/requests';
import { roleWorldState } from '../support/role-world-state';
import { createRoleWorld, openRoleSession, ROLES, type RoleWorld } from '../support/roles';
import { snapshotTenant } from '../support/tenant-snapshot';
import { createTestServer, type TestServer } from '../support/test-server';
import { expectedStatus } from './expected-status';
import { AUTHORIZATION_MATRIX, type CrossTenantCase } from './matrix';
import { createOtherTenant, type OtherTenant } from './role-fixtures';

const contract = loadContract();
const operations = listOperations(contract);
const builtOperationIds = Object.keys(createHandlers({} as HandlerContext)).sort();
const crossTenantCases = operations.flatMap((operation) => {
  const cases = AUTHORIZATION_MATRIX[operation.operationId]?.built?.crossTenant;
  return Array.isArray(cases) ? cases.map((crossCase) => [`${operation.operationId}: ${crossCase.what}`, operation, crossCase] as const) : [];
});

describe('the authorization matrix table', () => {
  it('has a row for every operation of the contract and none for operations it lacks', () => {
    expect(Object.keys(AUTHORIZATION_MATRIX).sort()).toEqual(operations.map((operation) => operation.operationId).sort());
  });

  it('states the same access policy as the contract for every operation', () => {
    const mismatches = operations
      .filter((operation) => AUTHORIZATION_MATRIX[operation.operationId]?.access !== operation.access)
      .map((operation) => `${operation.operationId}: contract ${operation.access}, matrix ${AUTHORIZATION_MATRIX[operation.operationId]?.access}`);
    expect(mismatches).toEqual([]);
  });

  it('marks as built exactly the operations the server has handlers for', () => {
    const markedBuilt = Object.entries(AUTHORIZATION_MATRIX)
      .filter(([, row]) => row.built)
      .map(([operationId]) => operationId)
      .sort();
    expect(markedBuilt).toEqual(builtOperationIds);
  });

  it('names records made for the call in every operation that removes or reshapes what it names', () => {
    const unmade = Object.entries(AUTHORIZATION_MATRIX)
      .filter(([, row]) => row.built?.destructive === 'named' && !row.built.request)
      .map(([operationId]) => operationId);
    expect(unmade).toEqual([]);
  });

  it("says for every built write what another tenant's ids in its request do, or why it can name none", () => {
    const unsaid = operations
      .filter((operation) => operation.method !== 'GET' && AUTHORIZATION_MATRIX[operation.operationId]?.built)
      .filter((operation) => !AUTHORIZATION_MATRIX[operation.operationId]!.built!.crossTenant)
      .map((operation) => operation.operationId);
    expect(unsaid).toEqual([]);
  });
});

describe.each(databaseKinds())('every operation for every role on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  const responses = createResponseValidator(contract);

  let tenant: OtherTenant;

  beforeAll(async () => {
    server = await createTestServer(kind);
    world = await createRoleWorld(server.db);
    tenant = await createOtherTenant(server.db);
  });
  afterAll(async () => server?.close());

  /** The operation called by every role in the given world: what went otherwise than expected. */
  async function callEveryRole(target: TestServer, targetWorld: RoleWorld, operation: ContractOperation): Promise<string[]> {
    const row = AUTHORIZATION_MATRIX[operation.operationId];
    const allowed = row.built?.status ?? 501;
    const outcomes: string[] = [];
    for (const role of ROLES) {
      const overrides = await row.built?.request?.(targetWorld, { app: target.app, db: target.db, role });
      const request = sampleRequest(contract, operation, targetWorld, overrides);
      // Every call has a session of its own, so signing out cannot change what later calls see.
      const response = await target.app.inject(withToken(request, await openRoleSession(target.db, targetWorld, role)));
      const expected = expectedStatus(operation, role, allowed);
      if (response.statusCode !== expected) {
        outcomes.push(`${role}: expected ${expected}, got ${response.statusCode} ${response.body.slice(0, 200)}`);
        continue;
      }
      const isJson = String(response.headers['content-type'] ?? '').startsWith('application/json');
      if (response.statusCode >= 400) {
        expect(response.json(), `${role} error body`).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
      }
      if (isJson) {
        const problem = responses.validate(operation.path, operation.method, response.statusCode, response.json());
        if (problem) outcomes.push(`${role}: the ${response.statusCode} answer breaks the contract: ${problem}`);
      }
      expect(response.headers['x-app-version'], `${role} app version header`).toBe(target.config.appVersion);
    }
    return outcomes;
  }

  it.each(operations.map((operation) => [operation.operationId, operation] as const))('%s', async (operationId, operation) => {
    if (AUTHORIZATION_MATRIX[operationId].built?.destructive === 'all') {
      // It removes what every later operation relies on: it gets a world of its own.
      const own = await createTestServer(kind);
      try {
        expect(await callEveryRole(own, await createRoleWorld(own.db), operation)).toEqual([]);
      } finally {
        await own.close();
      }
      return;
    }
    const before = await roleWorldState(server.db, world);
    expect(await callEveryRole(server, world, operation)).toEqual([]);
    expect(await roleWorldState(server.db, world), 'the role world the later operations rely on').toEqual(before);
  });

  it.each(crossTenantCases)("%s leaves the other tenant as it was", async (_name, operation, crossCase: CrossTenantCase) => {
    const outcomes: string[] = [];
    for (const role of ROLES) {
      const overrides = await crossCase.request(world, { app: server.app, db: server.db, role, tenant });
      const request = sampleRequest(contract, operation, world, overrides);
      const token = await openRoleSession(server.db, world, role);
      const before = await snapshotTenant(server.db, tenant.group.id);
      const response = await server.app.inject(withToken(request, token));
      const after = await snapshotTenant(server.db, tenant.group.id);
      const expected = expectedStatus(operation, role, crossCase.status);
      if (response.statusCode !== expected) outcomes.push(`${role}: expected ${expected}, got ${response.statusCode} ${response.body.slice(0, 200)}`);
      try {
        expect(after).toEqual(before);
      } catch (error) {
        outcomes.push(`${role}: the other tenant changed: ${String(error).slice(0, 1500)}`);
      }
      if (response.statusCode >= 400) {
        expect(response.json(), `${role} error body`).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
      }
      const isJson = String(response.headers['content-type'] ?? '').startsWith('application/json');
      if (isJson) {
        const problem = responses.validate(operation.path, operation.method, response.statusCode, response.json());
        if (problem) outcomes.push(`${role}: the ${response.statusCode} answer breaks the contract: ${problem}`);
      }
    }
    expect(outcomes).toEqual([]);
  });
});
