import { describe, expect, it } from 'vitest';
import { adminGroupsFirst, robotGroupArgs } from '../../../machines/onboarding/onboardingGroups';
import { bookClubGroup, foundGroups, gameDevGroup, hikingGroup } from '../../../src/features/onboarding/fixtures';

describe('the groups the robot found', () => {
  it('lists the groups the user administers first, in their order', () => {
    expect(adminGroupsFirst(foundGroups)).toEqual([bookClubGroup, gameDevGroup, hikingGroup]);
  });

  it('names a group to the robot by id, name, social-network id and slug', () => {
    expect(robotGroupArgs(bookClubGroup)).toEqual({
      id: 41,
      name: 'Riverside Book Club',
      fb_group_id: bookClubGroup.fb_group_id,
      fb_slug: 'riverside-book-club',
    });
  });
});
