import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import openapiGlue, { type FastifyOpenapiGlueOptions } from 'fastify-openapi-glue';
import { createIdentityProvider, type IdentityProvider } from './adapters/identity';
import { createConnectAdapter, type ConnectAdapter } from './adapters/connect';
import { createPaymentsAdapter, type PaymentsAdapter } from './adapters/payments';
import type { ServerConfig } from './config';
import type { Database } from './db/connect';
import { accessHooks, type AccessDirectory } from './http/access';
import { registerCompression } from './http/compression';
import { listOperations, loadContract } from './http/contract';
import { registerEnvelope } from './http/envelope';
import { ApiError } from './http/errors';
import { loggerOptions, type LogStream } from './http/log-redaction';
import { frameworkRefusalOptions } from './http/framework-refusals';
import { acceptOnlyJsonBodies } from './http/json-body';
import { createServerMetrics, observeResponses, registerMetricsRoute, type ServerMetrics } from './http/metrics';
import { createRateLimiter, RATE_LIMITS, type RateLimitSettings } from './http/rate-limits';
import { replyWithError } from './http/reply-errors';
import { responseHeaders } from './http/response-headers';
import { partValidators } from './http/validators';
import { createAccessDirectory } from './domain/access-directory';
import { auditingSwitchedSession } from './domain/audit';
import { createHandlers } from './handlers';
import type { OperationId } from './handlers/types';
import { registerSandboxImageRoutes } from './sandbox/image-routes';
import { serverTaskKinds, startTaskWorker } from './tasks';

export const API_PREFIX = '/api/v1';

/** The payment provider's webhook: signed over its raw body, sent in clear. */
const PAYMENT_WEBHOOK_URL = `${API_PREFIX}/payments/stripe/webhook`;

export interface ServerDeps {
  database: Database;
  /** Who may call what; defaults to the database's users, sessions and memberships. */
  accessDirectory?: AccessDirectory;
  /** Who a sign-in token belongs to; defaults to the mode's provider (sandbox tokens or the social network). */
  identity?: IdentityProvider;
  /** The payment provider; defaults to the mode's (sandbox test cards or Stripe). */
  payments?: PaymentsAdapter;
  /** The payment provider's connected accounts; defaults to the mode's (the sandbox's Connect page or Stripe Connect). */
  connect?: ConnectAdapter;
  /**
   * Runs the durable task worker (match processes) in this process; the started server does, tests
   * drive the tasks themselves (server/tasks/runner.ts).
   */
  taskWorker?: boolean;
  now?: () => Date;
  /** Where the log goes instead of stdout. */
  logStream?: LogStream;
  /** What /metrics tells; the started server shares it with its metrics listener (server/main.ts). */
  metrics?: ServerMetrics;
  /** The per-user limits of x-rate-limit operations (server/http/rate-limits.ts); 'off' for benchmarks that compare. */
  rateLimits?: RateLimitSettings | 'off';
}

/** Builds the whole server from the contract with no globals, so every test builds its own. */
export async function buildServer(config: ServerConfig, deps: ServerDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    trustProxy: config.trustProxy,
    ...frameworkRefusalOptions(config),
  });
  const now = deps.now ?? (() => new Date());
  const directory = deps.accessDirectory ?? createAccessDirectory(deps.database.db, now, config.sessionTtlDays);
  const identity = deps.identity ?? createIdentityProvider(config, deps.database.db, now);
  const payments = deps.payments ?? createPaymentsAdapter(config, deps.database.db, now);
  const connect = deps.connect ?? createConnectAdapter(config, deps.database.db);
  const metrics = deps.metrics ?? createServerMetrics(deps.database);
  const handlers = createHandlers({ db: deps.database.db, config, now, identity, payments, connect, metrics });
  const limiter = createRateLimiter(deps.rateLimits ?? RATE_LIMITS, now);
  const contract = loadContract();
  const operations = new Map(listOperations(contract).map((operation) => [operation.operationId, operation]));

  app.setValidatorCompiler(partValidators());
  app.setErrorHandler(replyWithError);
  observeResponses(app, metrics);
  const headers = responseHeaders(config);
  app.addHook('onSend', async (_request, reply) => {
    reply.headers(headers);
  });
  if (config.envelopeKey) registerEnvelope(app, config.envelopeKey, API_PREFIX, [`${API_PREFIX}/status`, PAYMENT_WEBHOOK_URL]);
  await registerCompression(app);
  // Unknown query and path parameters are refused like unknown body fields, also where an operation declares none.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX)) return;
    const schema = (route.schema ??= {}) as Record<string, any>;
    schema.querystring ??= { type: 'object', properties: {} };
    for (const part of ['querystring', 'params'] as const) {
      if (schema[part]?.type === 'object') schema[part].additionalProperties = false;
    }
    // One body schema for every content type, so no body escapes validation by the type it claims.
    if (schema.body?.content) schema.body = schema.body.content['application/json']?.schema;
  });

  acceptOnlyJsonBodies(app, [PAYMENT_WEBHOOK_URL]);
  await app.register(openapiGlue, {
    specification: contract,
    prefix: API_PREFIX,
    // The glue spreads what this returns over the route it builds; its types only admit a full route.
    operationResolver: ((operationId: string) => {
      const operation = operations.get(operationId);
      if (!operation) throw new Error(`operation ${operationId} is missing from the contract index`);
      const run = (handlers[operationId as OperationId] ??
        (async () => {
          throw new ApiError('not_implemented', `${operationId} is not built yet`);
        })) as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
      // What a switched session writes is audited with the supervisor behind it (server/domain/audit.ts).
      const handler = (request: FastifyRequest, reply: FastifyReply) =>
        auditingSwitchedSession(request.caller?.impersonatorUserId ?? null, () => run(request, reply));
      return { handler, config: { operationId }, ...accessHooks(operation, directory, config.mode === 'sandbox', limiter) };
    }) as unknown as FastifyOpenapiGlueOptions['operationResolver'],
  });

  if (config.mode === 'sandbox') registerSandboxImageRoutes(app, deps.database.db);
  registerMetricsRoute(app, metrics, config.metricsToken);

  if (deps.taskWorker) {
    const worker = startTaskWorker(deps.database.db, serverTaskKinds(deps.database.db, connect), now, (error) => app.log.error({ err: error }, 'a task step failed to run'));
    app.addHook('onClose', () => worker.stop());
  }

  const appDir = config.appDir && existsSync(join(config.appDir, 'index.html')) ? config.appDir : undefined;
  if (appDir) {
    await app.register(fastifyStatic, {
      root: appDir,
      wildcard: false,
      preCompressed: true,
      setHeaders: (reply, path) => {
        const hashedAsset = path.startsWith(join(appDir, 'assets'));
        reply.header('cache-control', hashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // The thank-you page after a purchase (public/thanks/) answers at /thanks too.
    app.get('/thanks', (_request, reply) => reply.redirect('/thanks/'));
  }

  app.setNotFoundHandler((request, reply) => {
    const isPageRequest = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
    if (appDir && isPageRequest) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(new ApiError('not_found', `No route for ${request.method} ${request.url.split('?')[0]}`).toBody());
  });

  return app;
}
