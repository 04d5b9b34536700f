import { describe, expect, it } from 'vitest';
import { canRemoveFrom, freeLimitText, moveRequest, movesFrom, removalBlock } from '../../../machines/memberList/moves';
import { rowsBetween } from '../../../machines/shared/selection';
import { TWO_REMOVALS_LEFT } from '../../../src/features/members/fixtures';

describe('member moves (part 1 §4)', () => {
  it.each([
    ['active', false, []],
    ['inactive', false, ['whitelist']],
    ['active', true, ['remove']],
    ['inactive', true, ['whitelist', 'remove']],
    ['whitelisted', false, ['unwhitelist']],
    ['removed', false, []],
    ['removed', true, ['restore']],
    ['all_members', true, []],
  ] as const)('%s on a paid=%s group offers %j', (list, isPaid, moves) => {
    expect(movesFrom(list, isPaid)).toEqual(moves);
  });

  it('asks the server for each plain move', () => {
    expect(moveRequest('whitelist', [1])).toEqual({ path: '/groups/{id}/members/whitelisted', body: { is_whitelisted: true, ids: [1] } });
    expect(moveRequest('unwhitelist', [1])).toEqual({ path: '/groups/{id}/members/whitelisted', body: { is_whitelisted: false, ids: [1] } });
    expect(moveRequest('remove', [1])).toEqual({ path: '/groups/{id}/members/removed', body: { is_removed: true, ids: [1] } });
    expect(moveRequest('restore', [1])).toEqual({ path: '/groups/{id}/members/removed', body: { is_removed: false, ids: [1] } });
  });

  it("offers 'Remove Members' (the robot) on the active and inactive lists only", () => {
    expect(['active', 'inactive', 'whitelisted', 'removed', 'all_members'].filter((list) => canRemoveFrom(list as never))).toEqual(['active', 'inactive']);
  });
});

describe('removal limits (part 1 §5, §8)', () => {
  it('lets a selection within what is left through and blocks a larger one by plan', () => {
    expect(removalBlock(2, TWO_REMOVALS_LEFT, false)).toBeNull();
    expect(removalBlock(3, TWO_REMOVALS_LEFT, false)).toBe('upgradeRequired');
    expect(removalBlock(3, TWO_REMOVALS_LEFT, true)).toBe('removalsLimitReached');
  });

  it('words the free limit modal for a full, a partly spent and an empty allowance', () => {
    expect(freeLimitText({ limit: 10, left: 10 })).toContain('limited to remove 10 members');
    expect(freeLimitText({ limit: 10, left: 2 })).toContain('has 2 members remaining');
    expect(freeLimitText({ limit: 10, left: 0 })).toContain('no member removals left');
  });
});

describe('drag-select', () => {
  it('takes every row between the start and the pointer in either direction', () => {
    expect(rowsBetween([5, 6, 7, 8], 6, 8)).toEqual([6, 7, 8]);
    expect(rowsBetween([5, 6, 7, 8], 8, 5)).toEqual([5, 6, 7, 8]);
    expect(rowsBetween([5, 6], 5, 9)).toEqual([]);
  });
});
