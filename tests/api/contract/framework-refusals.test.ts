import { request as httpRequest } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOperations, loadContract, type ContractOperation } from '../../../server/http/contract';
import { httpOnlyDatabase } from '../../support/database';
import { createResponseValidator } from '../support/contract-schemas';
import { parametersOf, rawOperation, sampleRequest, withToken } from '../support/requests';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { resolveRef } from '../support/samples';
import { tableCounts } from '../support/table-counts';
import { createTestServer, type TestServer } from '../support/test-server';
import { SPEC_MAX_BODY_DEPTH } from '../../support/spec-numbers';

const contract = loadContract();
const responses = createResponseValidator(contract);
const operations = listOperations(contract);
const withBody = operations.filter((operation) => rawOperation(contract, operation).requestBody);
const withPathParameters = operations.filter((operation) => operation.path.includes('{'));
const createSession = operations.find((operation) => operation.operationId === 'createSession')!;

const integerParameters = operations.flatMap((operation) =>
  parametersOf(contract, operation)
    .filter((parameter) => ['path', 'query'].includes(parameter.in) && resolveRef(contract, parameter.schema).type === 'integer')
    .map((parameter) => [operation.operationId, `${parameter.in} ${parameter.name}`, operation, parameter] as const),
);

const NON_FINITE = ['Infinity', '-Infinity', '1e999', '-1e999'];

/** A JSON text of objects nested `depth` levels deep. */
function nested(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

describe.each(httpOnlyDatabase())("the framework's refusals, in the contract's terms, on %s", (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  let countsBefore: Record<string, number>;

  beforeAll(async () => {
    server = await createTestServer(kind);
    world = await createRoleWorld(server.db);
    countsBefore = await tableCounts(server.db);
  });
  afterAll(async () => server?.close());

  function tokenFor(operation: ContractOperation): string | undefined {
    return world.tokens[operation.access === 'supervisor' ? 'supervisor' : 'groupAdmin'];
  }

  /** What is wrong with an answer that should be the given status naming the given field; undefined when nothing. */
  function problemWith(
    operation: ContractOperation,
    response: { statusCode: number; body: string; headers: Record<string, unknown> },
    status: number,
    field: string,
  ): string | undefined {
    const body = JSON.parse(response.body);
    if (response.statusCode !== status || body.error?.details?.field !== field) {
      return `expected ${status} naming '${field}', got ${response.statusCode} ${response.body.slice(0, 200)}`;
    }
    if (response.headers['x-app-version'] !== server.config.appVersion) return 'no X-App-Version header';
    try {
      const broken = responses.validate(operation.path, operation.method, response.statusCode, body);
      return broken && `the ${status} answer breaks the contract: ${broken}`;
    } catch (error) {
      return (error as Error).message;
    }
  }

  it.each(integerParameters)('%s refuses numbers that are not finite in %s, naming it', async (_operationId, _label, operation, parameter) => {
    const problems: string[] = [];
    for (const value of NON_FINITE) {
      const overrides = parameter.in === 'path' ? { path: { [parameter.name]: value } } : { query: { [parameter.name]: value } };
      const response = await server.app.inject(withToken(sampleRequest(contract, operation, world, overrides), tokenFor(operation)));
      const problem = problemWith(operation, response, 400, parameter.name);
      if (problem) problems.push(`${value}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });

  it.each(withBody.map((operation) => [operation.operationId, operation] as const))(
    '%s refuses an over-deep, a malformed, an empty and a too large body, naming the body',
    async (_operationId, operation) => {
      const problems: string[] = [];
      const cases: Array<[string, string, number]> = [
        ['5,000 levels deep', nested(5000), 400],
        [`${SPEC_MAX_BODY_DEPTH + 1} levels deep`, nested(SPEC_MAX_BODY_DEPTH + 1), 400],
        ['not JSON', '{"unterminated": ', 400],
        ['empty', '', 400],
        ['over 1 MiB', JSON.stringify({ padding: 'x'.repeat(1_100_000) }), 413],
      ];
      for (const [label, payload, status] of cases) {
        const request = { ...sampleRequest(contract, operation, world), headers: { 'content-type': 'application/json' }, payload };
        const response = await server.app.inject(withToken(request, tokenFor(operation)));
        const problem = problemWith(operation, response, status, 'body');
        if (problem) problems.push(`${label}: ${problem}`);
      }
      expect(problems).toEqual([]);
    },
  );

  it('refuses an over-deep sign-in body from someone not signed in, naming the body', async () => {
    const request = { ...sampleRequest(contract, createSession, world), headers: { 'content-type': 'application/json' }, payload: nested(5000) };
    expect(problemWith(createSession, await server.app.inject(request), 400, 'body')).toBeUndefined();
  });

  it('takes a body as deep as the limit', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/session',
      headers: { 'content-type': 'application/json' },
      payload: `{"facebook_token":${nested(SPEC_MAX_BODY_DEPTH - 1)}}`,
    });
    expect(response.json().error.details).toMatchObject({ field: 'facebook_token', rule: 'type' });
  });

  it.each(withPathParameters.map((operation) => [operation.operationId, operation] as const))(
    '%s refuses a path with a malformed percent-encoding, and leaves a long path parameter to validation',
    async (_operationId, operation) => {
      const problems: string[] = [];
      const request = sampleRequest(contract, operation, world);
      const parameter = parametersOf(contract, operation).find((candidate) => candidate.in === 'path')!;
      const badEncoding = request.url.replace(/\/[^/]*$/, '/%E0%A4%A');
      const malformed = await server.app.inject(withToken({ ...request, url: operation.path.endsWith('}') ? badEncoding : `${badEncoding}x/` }, tokenFor(operation)));
      if (malformed.statusCode !== 400 || malformed.json().error?.details?.rule !== 'percent_encoding') {
        problems.push(`malformed percent-encoding: got ${malformed.statusCode} ${malformed.body.slice(0, 200)}`);
      }
      const long = sampleRequest(contract, operation, world, { path: { [parameter.name]: '9'.repeat(300) } });
      const problem = problemWith(operation, await server.app.inject(withToken(long, tokenFor(operation))), 400, parameter.name);
      if (problem) problems.push(`a 300-character ${parameter.name}: ${problem}`);
      expect(problems).toEqual([]);
    },
  );

  it.each(operations.map((operation) => [operation.operationId, operation] as const))(
    '%s names an unknown query parameter with a very long name within the message limit',
    async (_operationId, operation) => {
      const name = 'x'.repeat(3000);
      const request = sampleRequest(contract, operation, world, { query: { [name]: '1' } });
      expect(problemWith(operation, await server.app.inject(withToken(request, tokenFor(operation))), 400, name)).toBeUndefined();
    },
  );

  /** The server's port, listening from the first call on: Node's own refusals only happen on a socket. */
  async function port(): Promise<number> {
    if (!server.app.server.listening) await server.app.listen({ port: 0, host: '127.0.0.1' });
    return (server.app.server.address() as AddressInfo).port;
  }

  /** Sends the request's text in the given pieces, one write each, and reads the answer until the server closes. */
  async function rawExchange(pieces: string[]): Promise<{ status: number; headers: string; body: string }> {
    const socket = connect(await port(), '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => (text += chunk));
    const closed = new Promise((resolve) => socket.on('close', resolve));
    for (const piece of pieces) await new Promise<void>((resolve) => socket.write(piece, () => resolve()));
    await closed;
    const [head = '', body = ''] = text.split('\r\n\r\n');
    return { status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body };
  }

  it('answers headers too large for Node in the error shape, with the version headers', async () => {
    const answer = await new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
      port().then((listening) => {
        const outgoing = httpRequest({ host: '127.0.0.1', port: listening, path: '/api/v1/status', headers: { 'x-padding': 'x'.repeat(20_000) } }, (response) => {
          let body = '';
          response.on('data', (chunk) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
        });
        outgoing.on('error', reject);
        outgoing.end();
      }, reject);
    });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'bad_request', details: { field: 'headers', location: 'headers' } } });
    expect(answer.headers).toMatchObject({ 'x-app-version': server.config.appVersion, 'x-robot-version': server.config.robotVersion });
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
  });

  const longPath = `/api/v1/groups/${'1'.repeat(20_000)}`;
  it.each([
    ['a 20,000-character path', [`GET ${longPath} HTTP/1.1\r\nHost: x\r\n\r\n`]],
    ['a 20,000-character path arriving in two pieces', [`GET ${longPath.slice(0, 9000)}`, `${longPath.slice(9000)} HTTP/1.1\r\nHost: x\r\n\r\n`]],
    ['a path still arriving past the limit', [`GET ${longPath}`]],
    ['a 20,000-character query', [`GET /api/v1/status?q=${'q'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`]],
  ])('answers %s with 414, saying the address is too long, in the error shape', async (_label, pieces) => {
    const answer = await rawExchange(pieces);
    expect(answer.status).toBe(414);
    const { error } = JSON.parse(answer.body);
    expect(error).toMatchObject({ code: 'bad_request', details: { field: 'url', location: 'url', rule: 'max_size' } });
    expect(error.message).toMatch(/^The address \(its path and query\) is too long/);
    expect(answer.headers).toContain(`x-app-version: ${server.config.appVersion}`);
  });

  it('still answers 431 for headers over the limit after a short address, also when they arrive in pieces', async () => {
    const answer = await rawExchange(['GET /api/v1/status HTTP/1.1\r\nHost: x\r\nX-Padding: ', `${'p'.repeat(20_000)}\r\n\r\n`]);
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body).error.details).toMatchObject({ field: 'headers', location: 'headers' });
  });

  it('wrote nothing while refusing all of the above', async () => {
    expect(await tableCounts(server.db)).toEqual(countsBefore);
  });
});
