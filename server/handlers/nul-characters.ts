import { ApiError } from '../http/errors';

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
 * What the robot scanned is stored as it came, but PostgreSQL cannot store a NUL character in
 * text or JSON; such a body is refused with 400 naming the first field that holds one.
 */
export function refuseNulCharacters(body: unknown): void {
  const field = firstNulPath(body, '');
  if (field !== undefined) {
    throw new ApiError('bad_request', `'${field}' in body must not contain a NUL character`, {
      field,
      location: 'body',
      rule: 'nul_character',
    });
  }
}
