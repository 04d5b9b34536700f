import type { FastifyRequest } from 'fastify';
import type { Caller } from '../http/access';

/** The signed-in caller; the access hooks guarantee one on every operation that needs a token. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error(`${request.method} ${request.url} reached its handler without a caller`);
  return request.caller;
}
