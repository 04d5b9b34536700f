import { describe, expect, it } from 'vitest';
import { countOf, pluralWord } from '../../../src/ui/plural';

describe('plurals', () => {
  it('name one thing in the singular and any other count in the plural', () => {
    expect([0, 1, 2, 1200].map((count) => countOf(count, 'member'))).toEqual(['0 members', '1 member', '2 members', '1,200 members']);
    expect(countOf(1, 'day')).toBe('1 day');
  });

  it('take an irregular plural', () => {
    expect([pluralWord(1, 'stays', 'stay'), pluralWord(3, 'stays', 'stay')]).toEqual(['stays', 'stay']);
  });
});
