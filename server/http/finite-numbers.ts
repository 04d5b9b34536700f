import { ApiError, quotedField } from './errors';
import { firstOffendingField } from './input-walk';

const isNonFinite = (value: unknown) => typeof value === 'number' && !Number.isFinite(value);

/**
 * Validation turns `Infinity`, `-Infinity` and `1e999` sent for a number into a number that is not
 * finite, and the range checks let it through (AJV skips `minimum`/`maximum` for such values); a
 * JSON body's `1e999` parses to Infinity too. None of them is a number the contract means, so
 * once the input is validated, any that is left is refused with 400 naming its field.
 */
export function refuseNonFiniteNumbers(input: unknown, location: 'path' | 'query' | 'body'): void {
  const field = firstOffendingField(input, isNonFinite);
  if (field !== undefined) {
    const name = field || location;
    throw new ApiError('bad_request', `${quotedField(name)} in ${location} must be a finite number`, { field: name, location, rule: 'type' });
  }
}
