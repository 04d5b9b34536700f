import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../../server/handlers';
import type { HandlerContext } from '../../../server/handlers/types';
import { listOperations, loadContract } from '../../../server/http/contract';
import { databaseKinds } from '../../support/database';
import { createResponseValidator } from '../support/contract-schemas';
import { sampleRequest, withToken } from '../support/requests';
import { createRoleWorld, openRoleSession, ROLES, type RoleWorld } from '../support/roles';
import { createTestServer, type TestServer } from '../support/test-server';
import { expectedStatus } from './expected-status';
import { AUTHORIZATION_MATRIX } from './matrix';

const contract = loadContract();
const operations = listOperations(contract);
const builtOperationIds = Object.keys(createHandlers({} as HandlerContext)).sort();

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
});

describe.each(databaseKinds())('every operation for every role on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  const responses = createResponseValidator(contract);

  beforeAll(async () => {
    server = await createTestServer(kind);
    world = await createRoleWorld(server.db);
  });
  afterAll(async () => server?.close());

  it.each(operations.map((operation) => [operation.operationId, operation] as const))('%s', async (operationId, operation) => {
    const row = AUTHORIZATION_MATRIX[operationId];
    const allowed = row.built?.status ?? 501;
    const outcomes: string[] = [];
    for (const role of ROLES) {
      const overrides = await row.built?.request?.(world, { app: server.app, db: server.db, role });
      const request = sampleRequest(contract, operation, world, overrides);
      // Every call has a session of its own, so signing out cannot change what later calls see.
      const response = await server.app.inject(withToken(request, await openRoleSession(server.db, world, role)));
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
      expect(response.headers['x-app-version'], `${role} app version header`).toBe(server.config.appVersion);
    }
    expect(outcomes).toEqual([]);
  });
});
