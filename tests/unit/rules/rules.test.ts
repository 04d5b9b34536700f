import { describe, expect, it } from 'vitest';
import { isMemberListName, isMemberSortField, MEMBER_LIST_DEFAULTS, MEMBER_LIST_TABS, STORED_MEMBER_LISTS } from '../../../rules/memberLists';
import { moveAllowedOnPlan } from '../../../rules/memberMoves';
import { isPaidPlan, SUBSCRIBED_PLANS } from '../../../rules/plans';

describe('plans (part 1 §2 Purchase)', () => {
  it('counts every plan but free as paid', () => {
    expect(SUBSCRIBED_PLANS.filter(isPaidPlan)).toEqual(['monthly', 'annual', 'once']);
  });

  it('keeps moves to and from removed for paid groups; the whitelist is for every plan', () => {
    expect(['whitelist', 'unwhitelist', 'remove', 'restore'].filter((move) => moveAllowedOnPlan(move as never, false))).toEqual(['whitelist', 'unwhitelist']);
    expect(['whitelist', 'unwhitelist', 'remove', 'restore'].filter((move) => moveAllowedOnPlan(move as never, true))).toEqual(['whitelist', 'unwhitelist', 'remove', 'restore']);
  });
});

describe('member lists (part 1 §4, part 2 §9)', () => {
  it('stores four lists and shows them as tabs, then all_members', () => {
    expect(STORED_MEMBER_LISTS).toEqual(['active', 'inactive', 'whitelisted', 'removed']);
    expect(MEMBER_LIST_TABS).toEqual(['active', 'inactive', 'whitelisted', 'removed', 'all_members']);
  });

  it('opens the active list, 25 a page, by name ascending', () => {
    expect(MEMBER_LIST_DEFAULTS).toEqual({ list: 'active', page: 1, per_page: 25, sort_by: 'name', sort_direction: 'asc' });
  });

  it('knows the lists and sort fields by name only', () => {
    expect(isMemberListName('all_members')).toBe(true);
    expect(isMemberListName('banned')).toBe(false);
    expect(isMemberListName(undefined)).toBe(false);
    expect(isMemberSortField('last_activity_at')).toBe(true);
    expect(isMemberSortField('id; drop')).toBe(false);
  });
});
