import { describe, expect, it } from 'vitest';
import { ANNUAL_PER_MONTH_CENTS, ANNUAL_RENEWAL_CENTS, formatUsd, PLAN_CHARGE_CENTS } from '../../../rules/prices';

describe('plan prices (spec part 1 §9)', () => {
  it('charges $45 monthly, $297 annual and $297 for the early-bird lifetime licence', () => {
    expect(formatUsd(PLAN_CHARGE_CENTS.monthly)).toBe('$45.00');
    expect(formatUsd(PLAN_CHARGE_CENTS.annual)).toBe('$297.00');
    expect(formatUsd(PLAN_CHARGE_CENTS.once)).toBe('$297.00');
    expect(formatUsd(ANNUAL_RENEWAL_CENTS)).toBe('$247.00');
  });

  it('shows annual at $24.75 a month, 45% less than monthly', () => {
    expect(formatUsd(ANNUAL_PER_MONTH_CENTS)).toBe('$24.75');
    expect(Math.round((1 - ANNUAL_PER_MONTH_CENTS / PLAN_CHARGE_CENTS.monthly) * 100)).toBe(45);
    expect(ANNUAL_PER_MONTH_CENTS * 12).toBeLessThanOrEqual(PLAN_CHARGE_CENTS.annual);
  });

  it('writes cents as dollars with two decimals and thousands separators', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(5)).toBe('$0.05');
    expect(formatUsd(123456)).toBe('$1,234.56');
  });
});
