import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOperations, loadContract, type ContractOperation } from '../../../server/http/contract';
import { httpOnlyDatabase } from '../../support/database';
import { parametersOf, rawOperation, sampleRequest, withToken } from '../support/requests';
import { createRoleWorld, type Role, type RoleWorld } from '../support/roles';
import { resolveRef, sampleValue } from '../support/samples';
import { tableCounts } from '../support/table-counts';
import { createTestServer, type TestServer } from '../support/test-server';

const contract = loadContract();
const operations = listOperations(contract);

/** The role that gets past the access checks, so the input is what decides. */
function permittedRole(operation: ContractOperation): Role {
  return operation.access === 'supervisor' ? 'supervisor' : 'groupAdmin';
}

function bodySchema(operation: ContractOperation): Record<string, any> | undefined {
  const schema = rawOperation(contract, operation).requestBody?.content?.['application/json']?.schema;
  return schema ? resolveRef(contract, schema) : undefined;
}

/** A value of the wrong JSON type for the property's schema, or undefined when the schema accepts any type. */
function wrongTypeFor(schema: Record<string, any>): unknown {
  const resolved = resolveRef(contract, schema);
  const types: string[] = [resolved.type ?? resolved.anyOf?.map((part: any) => resolveRef(contract, part).type) ?? []].flat(2);
  if (types.length === 0) return undefined;
  if (!types.includes('object')) return { unexpected: true };
  if (!types.includes('string')) return 'not of this type';
  return undefined;
}

function typesOf(schema: Record<string, any>): string[] {
  const resolved = resolveRef(contract, schema);
  const branches: Record<string, any>[] = resolved.anyOf ?? resolved.oneOf ?? [];
  return [resolved.type ?? [], ...branches.map(typesOf)].flat(2);
}

/**
 * Values of the wrong JSON type that a validator coercing types would take for the property: the
 * fitting value in an array, a number for a string, its text for a number, text for a boolean,
 * an empty string or zero for null.
 */
function coercibleWrongValuesFor(schema: Record<string, any>, fitting: unknown): unknown[] {
  const types = typesOf(schema);
  if (types.length === 0) return [];
  const takes = (...candidates: string[]) => candidates.some((type) => types.includes(type));
  const wrong: unknown[] = [];
  if (!takes('array')) wrong.push([fitting]);
  if (takes('string') && !takes('number', 'integer')) wrong.push(5);
  if (takes('number', 'integer') && !takes('string')) wrong.push(String(fitting));
  if (takes('boolean') && !takes('string')) wrong.push('true');
  if (takes('null') && !takes('string', 'number', 'integer', 'boolean')) wrong.push('');
  return wrong;
}

const hostileText = fc.oneof(
  fc.string(),
  fc.constantFrom("'; DROP TABLE users; --", '%00', '\u0000', '<script>', '"\\', '../../etc/passwd', '𝕏'.repeat(3000)),
);
const hostileJson = fc.jsonValue().chain((value) => fc.oneof(fc.constant(value), fc.dictionary(hostileText, fc.jsonValue())));

describe.each(httpOnlyDatabase())('bad input on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  let countsBefore: Record<string, number>;

  beforeAll(async () => {
    server = await createTestServer(kind);
    world = await createRoleWorld(server.db);
    countsBefore = await tableCounts(server.db);
  });
  afterAll(async () => server?.close());

  async function send(operation: ContractOperation, change: (request: ReturnType<typeof sampleRequest>) => void) {
    const request = sampleRequest(contract, operation, world);
    change(request);
    return server.app.inject(withToken(request, world.tokens[permittedRole(operation)]));
  }

  const withBody = operations.filter((operation) => bodySchema(operation)?.type === 'object');
  it.each(withBody.map((operation) => [operation.operationId, operation] as const))(
    '%s refuses unknown, missing and mistyped body fields, naming them',
    async (_operationId, operation) => {
      const schema = bodySchema(operation)!;
      const problems: string[] = [];
      const expectFieldRefused = async (label: string, field: string, payload: unknown) => {
        const response = await send(operation, (request) => (request.payload = payload as never));
        const body = response.json();
        if (response.statusCode !== 400 || body.error?.details?.field !== field) {
          problems.push(`${label}: expected 400 naming '${field}', got ${response.statusCode} ${response.body.slice(0, 160)}`);
        }
      };
      const sample = sampleRequest(contract, operation, world).payload as Record<string, unknown>;
      await expectFieldRefused('unknown field', 'unexpected_field', { ...sample, unexpected_field: 1 });
      for (const name of schema.required ?? []) {
        const { [name]: _dropped, ...rest } = sample;
        await expectFieldRefused(`without ${name}`, name, rest);
      }
      for (const [name, property] of Object.entries<Record<string, any>>(schema.properties ?? {})) {
        const wrong = wrongTypeFor(property);
        if (wrong !== undefined) await expectFieldRefused(`${name} of the wrong type`, name, { ...sample, [name]: wrong });
      }
      expect(problems).toEqual([]);
    },
  );

  it.each(withBody.map((operation) => [operation.operationId, operation] as const))(
    '%s refuses body fields of a type the contract does not declare, converting none',
    async (_operationId, operation) => {
      const schema = bodySchema(operation)!;
      const sample = sampleRequest(contract, operation, world).payload as Record<string, unknown>;
      const problems: string[] = [];
      for (const [name, property] of Object.entries<Record<string, any>>(schema.properties ?? {})) {
        for (const wrong of coercibleWrongValuesFor(property, sample[name] ?? sampleValue(contract, property))) {
          const response = await send(operation, (request) => (request.payload = { ...sample, [name]: wrong } as never));
          const body = response.json();
          if (response.statusCode !== 400 || body.error?.details?.field !== name || body.error.details.rule !== 'type') {
            problems.push(`${name} sent as ${JSON.stringify(wrong)}: expected 400 naming '${name}', got ${response.statusCode} ${response.body.slice(0, 160)}`);
          }
        }
      }
      expect(problems).toEqual([]);
    },
  );

  const withRequiredBody = operations.filter((operation) => operation.bodyRequired);
  it.each(withRequiredBody.map((operation) => [operation.operationId, operation] as const))(
    '%s refuses a request without its body',
    async (_operationId, operation) => {
      const response = await send(operation, (request) => delete request.payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.details).toMatchObject({ field: 'body', rule: 'required' });
    },
  );

  it.each(operations.map((operation) => [operation.operationId, operation] as const))(
    '%s refuses an unknown query parameter, naming it',
    async (_operationId, operation) => {
      const response = await send(operation, (request) => ((request.query as Record<string, string>).unexpected_param = '1'));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.details.field).toBe('unexpected_param');
    },
  );

  const textQueryParameters = operations.flatMap((operation) =>
    parametersOf(contract, operation)
      .filter((parameter) => parameter.in === 'query' && resolveRef(contract, parameter.schema).type === 'string')
      .map((parameter) => [operation.operationId, String(parameter.name), operation] as const),
  );
  it.each(textQueryParameters)('%s refuses a NUL character in %s, naming it', async (_operationId, name, operation) => {
    const response = await send(operation, (request) => ((request.query as Record<string, string>)[name] = 'a\u0000b'));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.details).toMatchObject({ field: name, location: 'query', rule: 'nul_character' });
  });

  const withIdInPath = operations.filter((operation) => operation.path.includes('{id}'));
  it.each(withIdInPath.map((operation) => [operation.operationId, operation] as const))(
    '%s refuses an id that is not a number',
    async (_operationId, operation) => {
      const response = await send(operation, (request) => (request.url = request.url.replace(/\/\d+(?=\/|$)/, '/12abc')));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.details.field).toBe('id');
    },
  );

  it('wrote nothing while refusing all of the above', async () => {
    expect(await tableCounts(server.db)).toEqual(countsBefore);
  });

  it('never fails on hostile bodies: every answer is a contract error that wrote nothing or a permitted result, never a crash', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...withBody), hostileJson, async (operation, payload) => {
        const before = await tableCounts(server.db);
        const response = await send(operation, (request) => (request.payload = payload as never));
        expect(response.statusCode, response.body).not.toBe(500);
        // A body that happens to be valid (e.g. {} for a lab action whose fields are all optional) may write; a refusal writes nothing.
        if (response.statusCode >= 400) {
          expect(response.json().error.code).toEqual(expect.any(String));
          expect(await tableCounts(server.db), `${operation.operationId} refused with ${response.statusCode}`).toEqual(before);
        }
      }),
      { numRuns: 300 },
    );
  });
});
