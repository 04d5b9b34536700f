import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { bearer } from './sandbox-session';
import { createResponseValidator } from './contract-schemas';

const contract = createResponseValidator();

export interface CallResult {
  status: number;
  body: any;
}

/**
 * Calls the API as a signed-in user and checks every answer against the contract, the way the
 * robot and the app read it. `path` is the contract's path template; `url` the one to call.
 */
export function apiAs(app: FastifyInstance, token: string) {
  return async function call(method: 'GET' | 'POST' | 'PUT', path: string, options: { url?: string; query?: Record<string, string>; payload?: unknown } = {}): Promise<CallResult> {
    const request: InjectOptions = {
      method,
      url: `/api/v1${options.url ?? path}`,
      headers: bearer(token),
      ...(options.query ? { query: options.query } : {}),
      ...(options.payload === undefined ? {} : { payload: options.payload as InjectOptions['payload'] }),
    };
    const response = await app.inject(request);
    const body = response.body ? response.json() : undefined;
    expect(contract.validate(path, method, response.statusCode, body), `${method} ${options.url ?? path} ${response.body.slice(0, 300)}`).toBeUndefined();
    return { status: response.statusCode, body };
  };
}

export type ApiCall = ReturnType<typeof apiAs>;
