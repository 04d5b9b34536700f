import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { ContractOperation } from './contract';
import { ApiError, banned, notFound, switchedSessionRefused, unauthorized } from './errors';
import { refuseNonFiniteNumbers } from './finite-numbers';
import { refuseNulCharacters } from './nul-characters';
import type { RateLimiter } from './rate-limits';

export interface Caller {
  userId: number;
  isSupervisor: boolean;
  isBanned: boolean;
  sessionId: number;
  /** The supervisor behind a switched session. */
  impersonatorUserId: number | null;
}

export type TokenLookup = { caller: Caller } | { caller: undefined; revoked: boolean };

/** What the access checks need to know about callers; the database answers it. */
export interface AccessDirectory {
  findCaller(token: string): Promise<TokenLookup>;
  isGroupAdmin(caller: Caller, groupId: number): Promise<boolean>;
  isGroupLocked(groupId: number): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
}

export const FORCE_LOGOUT_HEADER = 'x-force-logout';

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

function splitPipeDelimited(query: Record<string, unknown>, names: string[]): void {
  for (const name of names) {
    const value = query[name];
    if (typeof value === 'string') query[name] = value === '' ? [] : value.split('|');
  }
}

/**
 * The hooks that enforce an operation's x-access policy, in the order of docs/CONVENTIONS.md:
 * who you are (401, banned 403, a switched session on an `x-switched-session: refused` operation
 * 403, supervisor-only 404) before the input is read, then, once the
 * input is known to be well formed, whose group it is (404), whether a write finds the group
 * locked (409, unless the operation is `x-locked: allowed`) and whether the caller is over the
 * operation's `x-rate-limit` (429). Before validation they also shape the input the way the
 * contract means it: lists split, a required body that was not sent refused, and any text
 * holding a NUL character refused; after validation, numbers that are not finite.
 */
export function accessHooks(
  operation: ContractOperation,
  directory: AccessDirectory,
  sandbox: boolean,
  limiter: RateLimiter,
): Pick<RouteOptions, 'onRequest' | 'preValidation' | 'preHandler'> {
  async function identify(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (operation.access === 'sandbox' && !sandbox) throw notFound();
    if (!operation.secured) return;
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const lookup = await directory.findCaller(token);
    if (!lookup.caller) {
      reply.header(FORCE_LOGOUT_HEADER, '1');
      throw unauthorized(lookup.revoked ? 'Your session has ended, sign in again' : 'Sign in to continue');
    }
    if (lookup.caller.isBanned && operation.access !== 'session') throw banned();
    if (operation.refusedToSwitchedSession && lookup.caller.impersonatorUserId !== null) throw switchedSessionRefused();
    if (operation.access === 'supervisor' && !lookup.caller.isSupervisor) throw notFound();
    request.caller = lookup.caller;
  }

  async function prepareInput(request: FastifyRequest): Promise<void> {
    splitPipeDelimited(request.query as Record<string, unknown>, operation.pipeDelimitedQuery);
    refuseNulCharacters(request.params, 'path');
    refuseNulCharacters(request.query, 'query');
    refuseNulCharacters(request.body, 'body');
    if (operation.bodyRequired && request.body === undefined) {
      throw new ApiError('bad_request', 'Missing the request body', { field: 'body', location: 'body', rule: 'required' });
    }
  }

  async function refuseNonFiniteInput(request: FastifyRequest): Promise<void> {
    refuseNonFiniteNumbers(request.params, 'path');
    refuseNonFiniteNumbers(request.query, 'query');
    refuseNonFiniteNumbers(request.body, 'body');
  }

  const groupIdOf = (request: FastifyRequest) => (request.params as { id: number }).id;

  async function checkGroup(request: FastifyRequest): Promise<void> {
    if (!request.caller || !(await directory.isGroupAdmin(request.caller, groupIdOf(request)))) {
      throw new ApiError('not_found', 'Group not found!');
    }
  }

  /** A locked group is read-only until it is paid for: every write of its admins is refused, built or not. */
  async function refuseLockedGroup(request: FastifyRequest): Promise<void> {
    if (await directory.isGroupLocked(groupIdOf(request))) throw new ApiError('conflict', 'Account is locked', { reason: 'locked' });
  }

  const { rateLimit } = operation;
  async function limitRate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (rateLimit) limiter.admit(rateLimit, request, reply);
  }

  const groupAdmin = operation.access === 'groupAdmin';
  const preHandler = [
    refuseNonFiniteInput,
    ...(groupAdmin ? [checkGroup] : []),
    ...(groupAdmin && operation.method !== 'GET' && !operation.allowedWhenLocked ? [refuseLockedGroup] : []),
    ...(rateLimit ? [limitRate] : []),
  ];
  return {
    onRequest: identify,
    preValidation: prepareInput,
    preHandler,
  };
}
