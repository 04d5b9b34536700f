import { describe, expect, it } from 'vitest';
import { adminGroupsFirst, robotGroupArgs, toOnboardingGroups } from '../../../machines/onboarding/onboardingGroups';
import { bookClubGroup, foundGroups, gameDevGroup, hikingGroup } from '../../../src/features/onboarding/fixtures';
import { groupFixture } from '../support/sessionFixtures';

describe('the groups the robot found', () => {
  it('joins what the robot read with the ids the server stored, by social-network id', () => {
    const result = {
      scanned: [
        { fb_group_id: bookClubGroup.fb_group_id, fb_slug: 'riverside-book-club', name: 'Riverside Book Club', role: 'admin' as const },
        { fb_group_id: hikingGroup.fb_group_id, name: 'Weekend Hiking Crew', role: 'subscriber' as const },
        { fb_group_id: '999', name: 'Not stored', role: 'admin' as const },
      ],
      groups: [
        groupFixture({ id: hikingGroup.id, fb_group_id: hikingGroup.fb_group_id, fb_slug: null, name: 'Weekend Hiking Crew' }),
        groupFixture({ id: bookClubGroup.id, fb_group_id: bookClubGroup.fb_group_id, name: 'Riverside Book Club' }),
      ],
    };
    expect(toOnboardingGroups(result)).toEqual([bookClubGroup, hikingGroup]);
  });

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
