import { ApiError } from './errors';

function firstNulPath(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = firstNulPath(item, `${path}[${index}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const childPath = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return childPath;
      const found = firstNulPath(item, childPath);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * PostgreSQL cannot store or compare a NUL character in text or JSON, so no input holding one
 * reaches the database: it is refused with 400 naming the first field that holds one.
 */
export function refuseNulCharacters(input: unknown, location: 'path' | 'query' | 'body'): void {
  const field = firstNulPath(input, '');
  if (field !== undefined) {
    throw new ApiError('bad_request', `'${field}' in ${location} must not contain a NUL character`, {
      field,
      location,
      rule: 'nul_character',
    });
  }
}
