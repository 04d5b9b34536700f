import { describe, expect, it } from 'vitest';
import { connectionsRefusal } from '../../../rules/plans';

describe('who may use connections (spec part 2 §6)', () => {
  it('closes them to free groups and to locked groups, and opens them to every other paid group', () => {
    expect(connectionsRefusal({ subscribed_plan: 'free', is_locked: false })).toBe('free_plan');
    expect(connectionsRefusal({ subscribed_plan: 'free', is_locked: true })).toBe('free_plan');
    expect(connectionsRefusal({ subscribed_plan: 'annual', is_locked: true })).toBe('locked');
    for (const plan of ['monthly', 'annual', 'once'] as const) expect(connectionsRefusal({ subscribed_plan: plan, is_locked: false })).toBeNull();
  });
});
