import type { InjectOptions } from 'fastify';
import type { ContractOperation } from '../../../server/http/contract';
import type { RequestOverrides } from '../authorization/matrix';
import type { RoleWorld } from './roles';
import { resolveRef, sampleValue } from './samples';

type Contract = Record<string, any>;

export function rawOperation(contract: Contract, operation: ContractOperation): Contract {
  return contract.paths[operation.path][operation.method.toLowerCase()];
}

export function parametersOf(contract: Contract, operation: ContractOperation): Contract[] {
  const shared = contract.paths[operation.path].parameters ?? [];
  return [...shared, ...(rawOperation(contract, operation).parameters ?? [])].map((p: Contract) => resolveRef(contract, p));
}

/** Path parameters point at the role world's group so a group admin's call reaches the handler. */
function samplePathValue(contract: Contract, parameter: Contract, world: RoleWorld): string | number {
  if (parameter.name === 'id') return world.group.id;
  if (parameter.name === 'fb_group_id') return world.group.fb_group_id;
  return sampleValue(contract, parameter.schema) as string | number;
}

function serializeQuery(query: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query).map(([name, value]) => [name, Array.isArray(value) ? value.join('|') : String(value)]),
  );
}

/** A well-formed request for the operation: every required input sampled from the contract, then the overrides. */
export function sampleRequest(
  contract: Contract,
  operation: ContractOperation,
  world: RoleWorld,
  overrides: RequestOverrides = {},
): InjectOptions & { url: string } {
  const parameters = parametersOf(contract, operation);
  const path: Record<string, unknown> = Object.fromEntries(
    parameters.filter((p) => p.in === 'path').map((p) => [p.name, samplePathValue(contract, p, world)]),
  );
  Object.assign(path, overrides.path);
  const query: Record<string, unknown> = Object.fromEntries(
    parameters.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, sampleValue(contract, p.schema)]),
  );
  Object.assign(query, overrides.query);
  const headers: Record<string, string> = Object.fromEntries(
    parameters.filter((p) => p.in === 'header' && p.required).map((p) => [p.name.toLowerCase(), String(sampleValue(contract, p.schema))]),
  );
  const bodySchema = rawOperation(contract, operation).requestBody?.content?.['application/json']?.schema;
  const body = overrides.body ?? (bodySchema ? sampleValue(contract, bodySchema) : undefined);
  const url = `/api/v1${operation.path.replace(/\{(\w+)\}/g, (_, name) => encodeURIComponent(String(path[name])))}`;
  return {
    method: operation.method as InjectOptions['method'],
    url,
    query: serializeQuery(query),
    ...(Object.keys(headers).length === 0 ? {} : { headers }),
    ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
  };
}

export function withToken<T extends InjectOptions>(request: T, token: string | undefined): T {
  return token ? { ...request, headers: { ...request.headers, authorization: `Bearer ${token}` } } : request;
}
