import { describe, expect, it } from 'vitest';
import { addAdminMatchLimit } from '../../../rules/permissions';

describe('the add-admin typeahead match count (spec part 2 §9)', () => {
  it.each([
    [0, 10],
    [12, 10],
    [13, 13],
    [16, 10],
    [20, 6],
    [22, 4],
    [23, 3],
    [40, 3],
  ])('row index %i shows at most %i matches', (rowIndex, limit) => {
    expect(addAdminMatchLimit(rowIndex)).toBe(limit);
  });

  it('is (23 minus the index) plus 3 from 13 to 22', () => {
    for (let rowIndex = 13; rowIndex <= 22; rowIndex += 1) expect(addAdminMatchLimit(rowIndex)).toBe(23 - rowIndex + 3);
  });
});
