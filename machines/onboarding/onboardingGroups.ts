import type { RobotGroupArgs, UserGroup } from '../../src/robot/protocol';

/** A group the robot found for the user, as the server stored it: our id and the user's scanned role. */
export type OnboardingGroup = UserGroup;

/** Groups where the user is an admin come first: only those can be connected. */
export function adminGroupsFirst(groups: OnboardingGroup[]): OnboardingGroup[] {
  return [...groups.filter((group) => group.role === 'admin'), ...groups.filter((group) => group.role !== 'admin')];
}

export function robotGroupArgs({ id, name, fb_group_id, fb_slug }: OnboardingGroup): RobotGroupArgs {
  return { id, name, fb_group_id, fb_slug };
}
