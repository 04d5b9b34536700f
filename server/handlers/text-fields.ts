import { ApiError } from '../http/errors';
import { textProblem } from '../domain/text-input';

/** Refuses body text fields the contract lets through but the product cannot use, naming the field like validation does. */
export function checkTextFields(fields: Record<string, string | null | undefined>): void {
  for (const [field, value] of Object.entries(fields)) {
    const problem = typeof value === 'string' ? textProblem(value) : null;
    if (problem) {
      const what = problem === 'blank' ? 'must not be blank' : 'must not contain a NUL character';
      throw new ApiError('bad_request', `'${field}' in body ${what}`, { field, location: 'body', rule: problem });
    }
  }
}
