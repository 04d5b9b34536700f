import { describe, expect, it } from 'vitest';
import { cardGroupOf } from '../../../src/features/changeCard/cardGroup';
import { freeGroup, monthlyGroup } from '../../../src/payments/fixtures';

const annualGroup = { ...monthlyGroup, id: 3, fb_group_id: '3000000000000003', subscribed_plan: 'annual' as const };

describe('the group a new card pays for', () => {
  it('is the group worked in last when it is paid, else the first paid group, else none', () => {
    expect(cardGroupOf([freeGroup, monthlyGroup, annualGroup], annualGroup.fb_group_id)).toBe(annualGroup);
    expect(cardGroupOf([freeGroup, monthlyGroup, annualGroup], freeGroup.fb_group_id)).toBe(monthlyGroup);
    expect(cardGroupOf([freeGroup], freeGroup.fb_group_id)).toBeNull();
  });
});
