import { describe, expect, it } from 'vitest';
import { averagePercent, MATCH_TABS, matchPercent, requiresAttention, splitDuplicateLinks } from '../../../rules/matches';

describe('the match review rules (spec part 2 §4, §5, §9)', () => {
  it('lists the tabs in the order the page shows them', () => {
    expect(MATCH_TABS).toEqual(['all_data', 'matched', 'requires_attention', 'approved', 'rejected']);
  });

  it('shows a score as a rounded percent', () => {
    expect([0, 0.444, 0.445, 0.92, 1].map(matchPercent)).toEqual([0, 44, 45, 92, 100]);
  });

  it('asks for attention below 100% probability only', () => {
    expect(requiresAttention(1)).toBe(false);
    expect(requiresAttention(0.999)).toBe(true);
  });

  it('crosses out the items repeating a member or a customer of an earlier item', () => {
    const items = [
      { member_id: 1, customer_id: 'cus_a' },
      { member_id: 1, customer_id: 'cus_b' },
      { member_id: 2, customer_id: 'cus_a' },
      { member_id: 3, customer_id: 'cus_c' },
    ];
    expect(splitDuplicateLinks(items)).toEqual({ kept: [items[0], items[3]], crossed: [items[1], items[2]] });
  });

  it('averages the scores as a rounded percent', () => {
    expect(averagePercent([{ score: 0.9 }, { score: 0.85 }])).toBe(88);
    expect(averagePercent([])).toBe(0);
  });
});
