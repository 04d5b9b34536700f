import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOperations, loadContract, type ContractOperation } from '../../../server/http/contract';
import { httpOnlyDatabase } from '../../support/database';
import { createResponseValidator } from '../support/contract-schemas';
import { rawOperation, sampleRequest, withToken } from '../support/requests';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { tableCounts } from '../support/table-counts';
import { createTestServer, type TestServer } from '../support/test-server';

const contract = loadContract();
const responses = createResponseValidator(contract);
const withBody = listOperations(contract).filter((operation) => rawOperation(contract, operation).requestBody);

const BOUNDARY = 'xfilter-boundary';

/** The operation's own well-formed body, sent in a way the contract does not accept. */
const NON_JSON_SENDINGS: Array<{ label: string; send: (json: string) => { headers: Record<string, string>; payload: string } }> = [
  { label: 'text/plain', send: (json) => ({ headers: { 'content-type': 'text/plain' }, payload: json }) },
  { label: 'text/plain; charset=utf-8', send: (json) => ({ headers: { 'content-type': 'text/plain; charset=utf-8' }, payload: json }) },
  { label: 'form-urlencoded', send: (json) => ({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `body=${encodeURIComponent(json)}` }) },
  {
    label: 'multipart',
    send: (json) => ({
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: `--${BOUNDARY}\r\ncontent-disposition: form-data; name="body"\r\n\r\n${json}\r\n--${BOUNDARY}--\r\n`,
    }),
  },
  { label: 'octet-stream', send: (json) => ({ headers: { 'content-type': 'application/octet-stream' }, payload: json }) },
  { label: 'text/csv', send: (json) => ({ headers: { 'content-type': 'text/csv' }, payload: json }) },
  { label: 'no content type', send: (json) => ({ headers: {}, payload: json }) },
];

describe.each(httpOnlyDatabase())('bodies that are not sent as JSON, on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  let countsBefore: Record<string, number>;

  beforeAll(async () => {
    server = await createTestServer(kind);
    world = await createRoleWorld(server.db);
    countsBefore = await tableCounts(server.db);
  });
  afterAll(async () => server?.close());

  async function refusals(operation: ContractOperation, token: string | undefined): Promise<string[]> {
    const problems: string[] = [];
    const request = sampleRequest(contract, operation, world);
    for (const { label, send } of NON_JSON_SENDINGS) {
      const { headers, payload } = send(JSON.stringify(request.payload));
      // inject adds a JSON content type to object payloads only; a string payload goes out with exactly these headers.
      const response = await server.app.inject(withToken({ ...request, headers, payload }, token));
      const body = response.json();
      const declared = responses.validate(operation.path, operation.method, response.statusCode, body);
      if (response.statusCode !== 415 || body.error?.code !== 'unsupported_media_type') {
        problems.push(`${label}: expected 415 unsupported_media_type, got ${response.statusCode} ${response.body.slice(0, 160)}`);
      } else if (declared) {
        problems.push(`${label}: the answer breaks the contract: ${declared}`);
      } else if (response.headers['x-app-version'] !== server.config.appVersion) {
        problems.push(`${label}: no X-App-Version header`);
      }
    }
    return problems;
  }

  it.each(withBody.map((operation) => [operation.operationId, operation] as const))(
    '%s answers 415 to its body sent as anything but JSON',
    async (_operationId, operation) => {
      const role = operation.access === 'supervisor' ? 'supervisor' : 'groupAdmin';
      expect(await refusals(operation, world.tokens[role])).toEqual([]);
    },
  );

  it('answers 415 to a sign-in without a token sent as anything but JSON', async () => {
    const createSession = withBody.find((operation) => operation.operationId === 'createSession')!;
    expect(await refusals(createSession, undefined)).toEqual([]);
  });

  it('still takes JSON whatever the letters case and parameters of its content type', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/session',
      headers: { 'content-type': 'Application/JSON; charset=UTF-8' },
      payload: JSON.stringify({ facebook_token: 'not-a-token', unexpected_field: 1 }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toMatchObject({ field: 'unexpected_field', location: 'body' });
  });

  it.each(['utf-16', 'UTF-16LE', 'iso-8859-1', '"windows-1252"', ''])('answers 415 to JSON in charset %s, naming the charset', async (charset) => {
    const createSession = withBody.find((operation) => operation.operationId === 'createSession')!;
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/session',
      headers: { 'content-type': `application/json; charset=${charset}` },
      payload: JSON.stringify({ facebook_token: 'not-a-token' }),
    });
    expect(response.statusCode, response.body).toBe(415);
    expect(response.json().error).toMatchObject({ code: 'unsupported_media_type', details: { field: 'content-type', location: 'headers', rule: 'charset' } });
    expect(responses.validate(createSession.path, createSession.method, 415, response.json())).toBeUndefined();
  });

  it.each(['utf-8', 'UTF-8', '"utf-8"', 'utf8'])('takes JSON in charset %s', async (charset) => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/session',
      headers: { 'content-type': `application/json;charset=${charset}` },
      payload: JSON.stringify({ facebook_token: 'not-a-token' }),
    });
    expect(response.statusCode, response.body).toBe(401);
  });

  it('wrote nothing while refusing all of the above', async () => {
    expect(await tableCounts(server.db)).toEqual(countsBefore);
  });
});
