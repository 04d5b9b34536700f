import { describe, expect, it } from 'vitest';
import { isOrderedRange, pickerLimits, withFrom, withTo } from '../../../src/features/dashboard/dateRange';

const march = { from: '2026-03-01', to: '2026-03-31' };

describe('the date range rule', () => {
  it('accepts from on or before to, and open ends', () => {
    expect(isOrderedRange(march)).toBe(true);
    expect(isOrderedRange({ from: '2026-03-05', to: '2026-03-05' })).toBe(true);
    expect(isOrderedRange({ from: null, to: '2026-03-05' })).toBe(true);
    expect(isOrderedRange({ from: '2026-03-05', to: null })).toBe(true);
    expect(isOrderedRange({ from: '2026-03-06', to: '2026-03-05' })).toBe(false);
  });

  it('does not let from exceed to', () => {
    expect(withFrom(march, '2026-04-01')).toBe(march);
    expect(withFrom(march, '2026-03-31')).toEqual({ from: '2026-03-31', to: '2026-03-31' });
    expect(withFrom(march, null)).toEqual({ from: null, to: '2026-03-31' });
  });

  it('does not let to precede from', () => {
    expect(withTo(march, '2026-02-28')).toBe(march);
    expect(withTo(march, '2026-03-01')).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(withTo(march, null)).toEqual({ from: '2026-03-01', to: null });
  });

  it('limits each picker by the other end', () => {
    expect(pickerLimits(march)).toEqual({ fromMax: '2026-03-31', toMin: '2026-03-01' });
    expect(pickerLimits({ from: null, to: null })).toEqual({ fromMax: null, toMin: null });
  });
});
