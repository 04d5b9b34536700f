import type { FastifySchemaValidationError } from 'fastify/types/schema';
import { ApiError, quotedField } from './errors';

const LOCATION_NAMES: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'headers' };

function fieldPath(instancePath: string): string {
  return instancePath
    .split('/')
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
    .join('')
    .replace(/^\./, '');
}

function join(parent: string, child: string): string {
  return parent ? `${parent}.${child}` : child;
}

/** Turns the first validation failure into a 400 that names the field and says what is wrong with it. */
export function validationError(errors: FastifySchemaValidationError[], context: string): ApiError {
  const [first] = errors;
  const location = LOCATION_NAMES[context] ?? context;
  const parent = fieldPath(first.instancePath);
  const params = first.params as Record<string, unknown>;
  if (first.keyword === 'additionalProperties') {
    const field = join(parent, String(params.additionalProperty));
    return new ApiError('bad_request', `Unknown field ${quotedField(field)} in ${location}`, { field, location, rule: 'unknown' });
  }
  if (first.keyword === 'required') {
    const field = join(parent, String(params.missingProperty));
    return new ApiError('bad_request', `Missing required field ${quotedField(field)} in ${location}`, { field, location, rule: 'required' });
  }
  const field = parent || location;
  return new ApiError('bad_request', `${quotedField(field)} in ${location} ${first.message ?? 'is invalid'}`, {
    field,
    location,
    rule: first.keyword,
  });
}
