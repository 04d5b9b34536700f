import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../../src/api/schema';
import type { AppDb } from '../db/connect';
import type { ServerConfig } from '../config';
import type { IdentityProvider } from '../adapters/identity';
import type { PaymentsAdapter } from '../adapters/payments';
import type { ConnectAdapter } from '../adapters/connect';
import type { ServerMetrics } from '../http/metrics';

export interface HandlerContext {
  db: AppDb;
  config: ServerConfig;
  now: () => Date;
  identity: IdentityProvider;
  payments: PaymentsAdapter;
  /** The payment provider's connected accounts (the group's own customers). */
  connect: ConnectAdapter;
  /** What /metrics counts that only a handler knows (members stored). */
  metrics: ServerMetrics;
}

export type OperationId = keyof operations;

type Parameters<Op extends OperationId> = operations[Op]['parameters'];
type Part<Value> = [NonNullable<Value>] extends [never] ? Record<string, never> : NonNullable<Value>;
type JsonBody<Op extends OperationId> = operations[Op] extends { requestBody: { content: { 'application/json': infer Body } } }
  ? Body
  : operations[Op] extends { requestBody?: { content: { 'application/json': infer Body } } }
    ? Body | undefined
    : undefined;

/**
 * A request of an operation as the contract describes it. The access hooks and the contract's
 * validation have run before a handler sees it, so its body, query and path hold what the contract
 * admits (query arrays split, numbers coerced).
 */
export type OperationRequest<Op extends OperationId> = FastifyRequest<{
  Body: JsonBody<Op>;
  Querystring: Part<Parameters<Op>['query']>;
  Params: Part<Parameters<Op>['path']>;
}>;

export type OperationHandler<Op extends OperationId> = (request: OperationRequest<Op>, reply: FastifyReply) => Promise<unknown>;

/** Handlers keyed by operationId, each typed by its operation. */
export type HandlerGroup = { [Op in OperationId]?: OperationHandler<Op> };
