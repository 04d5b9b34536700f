import { describe, expect, it } from 'vitest';
import { paidFeatureRefusal } from '../../../rules/plans';

describe('who may use connections (spec part 2 §6)', () => {
  it('closes them to free groups and to locked groups, and opens them to every other paid group', () => {
    expect(paidFeatureRefusal({ subscribed_plan: 'free', is_locked: false })).toBe('free_plan');
    expect(paidFeatureRefusal({ subscribed_plan: 'free', is_locked: true })).toBe('free_plan');
    expect(paidFeatureRefusal({ subscribed_plan: 'annual', is_locked: true })).toBe('locked');
    for (const plan of ['monthly', 'annual', 'once'] as const) expect(paidFeatureRefusal({ subscribed_plan: plan, is_locked: false })).toBeNull();
  });
});
