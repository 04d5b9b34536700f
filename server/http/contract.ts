import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

// Joined as a path, not resolved as a URL: under jsdom the global URL would resolve it against http://localhost.
export const CONTRACT_PATH = join(dirname(fileURLToPath(import.meta.url)), '../../openapi/openapi.yaml');

export const ACCESS_POLICIES = ['public', 'session', 'user', 'groupAdmin', 'supervisor', 'sandbox'] as const;
export type AccessPolicy = (typeof ACCESS_POLICIES)[number];

/** `x-rate-limit`: which per-user limit of server/http/rate-limits.ts an operation draws on. */
export const RATE_LIMIT_KINDS = ['export', 'search'] as const;
export type RateLimitKind = (typeof RATE_LIMIT_KINDS)[number];

export interface ContractOperation {
  operationId: string;
  method: string;
  path: string;
  tag: string;
  access: AccessPolicy;
  /** Query parameters sent as `a|b|c` that become arrays before validation. */
  pipeDelimitedQuery: string[];
  /** True when the operation needs a bearer token. */
  secured: boolean;
  /** True when the contract requires a request body (Fastify validates a body only when one is sent). */
  bodyRequired: boolean;
  /** A write a locked group may still make (`x-locked: allowed`): what paying, which unlocks it, needs. */
  allowedWhenLocked: boolean;
  /** The per-user limit the operation draws on (`x-rate-limit`), if any. */
  rateLimit: RateLimitKind | undefined;
  /** A supervisor's switched session may not call it (`x-switched-session: refused`): it changes payment details or signs in elsewhere as the user. */
  refusedToSwitchedSession: boolean;
}

interface RawParameter {
  name: string;
  in: string;
  style?: string;
  $ref?: string;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

const parsedContracts = new Map<string, { text: string; contract: Record<string, any> }>();

/**
 * The contract, parsed. A process that builds many servers (the api tests) parses the file once
 * while it stays unchanged; each caller gets its own copy, free to change.
 */
export function loadContract(path = CONTRACT_PATH): Record<string, any> {
  const text = readFileSync(path, 'utf8');
  let parsed = parsedContracts.get(path);
  if (parsed?.text !== text) {
    parsed = { text, contract: parse(text) };
    parsedContracts.set(path, parsed);
  }
  return structuredClone(parsed.contract);
}

function resolveParameter(contract: Record<string, any>, parameter: RawParameter): RawParameter {
  if (!parameter.$ref) return parameter;
  const name = parameter.$ref.replace('#/components/parameters/', '');
  return contract.components.parameters[name];
}

/** Every operation of the contract with what the server needs to route, authorize and parse it. */
export function listOperations(contract: Record<string, any>): ContractOperation[] {
  const operations: ContractOperation[] = [];
  for (const [path, item] of Object.entries<Record<string, any>>(contract.paths)) {
    const shared: RawParameter[] = item.parameters ?? [];
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const access = operation['x-access'];
      if (!ACCESS_POLICIES.includes(access)) {
        throw new Error(`${operation.operationId}: x-access '${access}' is not one of ${ACCESS_POLICIES.join(', ')}`);
      }
      const locked = operation['x-locked'];
      if (locked !== undefined && locked !== 'allowed') {
        throw new Error(`${operation.operationId}: x-locked '${locked}' is not 'allowed'`);
      }
      const switched = operation['x-switched-session'];
      if (switched !== undefined && switched !== 'refused') {
        throw new Error(`${operation.operationId}: x-switched-session '${switched}' is not 'refused'`);
      }
      const rateLimit = operation['x-rate-limit'];
      if (rateLimit !== undefined && !RATE_LIMIT_KINDS.includes(rateLimit)) {
        throw new Error(`${operation.operationId}: x-rate-limit '${rateLimit}' is not one of ${RATE_LIMIT_KINDS.join(', ')}`);
      }
      const parameters = [...shared, ...(operation.parameters ?? [])].map((parameter) => resolveParameter(contract, parameter));
      const security = operation.security ?? contract.security ?? [];
      operations.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        tag: operation.tags[0],
        access,
        pipeDelimitedQuery: parameters.filter((p) => p.in === 'query' && p.style === 'pipeDelimited').map((p) => p.name),
        secured: security.length > 0,
        bodyRequired: operation.requestBody?.required === true,
        allowedWhenLocked: locked === 'allowed',
        rateLimit,
        refusedToSwitchedSession: switched === 'refused',
      });
    }
  }
  return operations;
}
