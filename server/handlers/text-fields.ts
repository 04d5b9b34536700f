import { ApiError } from '../http/errors';

/**
 * Refuses body text fields the contract lets through but the product cannot use (blank ones),
 * naming the field like validation does. NUL characters never get this far (server/http/nul-characters.ts).
 */
export function checkTextFields(fields: Record<string, string | null | undefined>): void {
  for (const [field, value] of Object.entries(fields)) {
    if (typeof value === 'string' && value.trim() === '') {
      throw new ApiError('bad_request', `'${field}' in body must not be blank`, { field, location: 'body', rule: 'blank' });
    }
  }
}
