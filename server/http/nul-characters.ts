import { ApiError, quotedField } from './errors';
import { firstOffendingField } from './input-walk';

const holdsNul = (value: unknown, key: string | undefined) =>
  (typeof value === 'string' && value.includes('\u0000')) || (key !== undefined && key.includes('\u0000'));

/**
 * PostgreSQL cannot store or compare a NUL character in text or JSON, so no input holding one
 * reaches the database: it is refused with 400 naming the first field that holds one.
 */
export function refuseNulCharacters(input: unknown, location: 'path' | 'query' | 'body'): void {
  const field = firstOffendingField(input, holdsNul);
  if (field !== undefined) {
    throw new ApiError('bad_request', `${quotedField(field)} in ${location} must not contain a NUL character`, {
      field,
      location,
      rule: 'nul_character',
    });
  }
}
