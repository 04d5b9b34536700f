import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDb } from '../db/connect';
import type { ServerConfig } from '../config';
import type { IdentityProvider } from '../adapters/identity';

export interface HandlerContext {
  db: AppDb;
  config: ServerConfig;
  now: () => Date;
  identity: IdentityProvider;
}

export type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** One tag's handlers, keyed by operationId. */
export type HandlerGroup = Record<string, Handler>;
