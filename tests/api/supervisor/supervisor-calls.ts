import { expect } from 'vitest';
import { createResponseValidator } from '../support/contract-schemas';
import { bearer } from '../support/sandbox-session';
import type { TestServer } from '../support/test-server';

const contract = createResponseValidator();

/**
 * Calls a supervisor operation as the given token and checks the answer against the contract:
 * the status expected and, for JSON answers, the contract's schema of that status. The path is the
 * contract's (with {id}); `id` fills it.
 */
export async function callAs(
  server: TestServer,
  token: string,
  request: { method?: 'GET' | 'PATCH' | 'POST'; path: string; id?: number; query?: string; payload?: unknown },
  status = 200,
) {
  const method = request.method ?? 'GET';
  const url = `/api/v1${request.path.replace('{id}', String(request.id))}${request.query ? `?${request.query}` : ''}`;
  const response = await server.app.inject({ method, url, headers: bearer(token), ...(request.payload === undefined ? {} : { payload: request.payload as object }) });
  expect(response.statusCode, `${method} ${url}: ${response.body.slice(0, 500)}`).toBe(status);
  const body = response.json();
  expect(contract.validate(request.path, method, status, body), `${method} ${url} answer fits the contract`).toBeUndefined();
  return body;
}
