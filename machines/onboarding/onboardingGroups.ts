import type { RobotGroupArgs, RobotResult } from '../../src/robot/protocol';

/** A group the robot found for the user: our id for it and the user's role as scanned from the social network. */
export interface OnboardingGroup {
  id: number;
  fb_group_id: string;
  fb_slug: string | null;
  name: string;
  avatar_url: string | null;
  role: 'admin' | 'subscriber';
}

/**
 * The scanned groups with our ids: fetch_user_groups answers what it read from the social network
 * (with the user's role) and the groups the server stored from it (with our ids).
 */
export function toOnboardingGroups({ groups, scanned }: RobotResult<'fetch_user_groups'>): OnboardingGroup[] {
  return scanned.flatMap((found) => {
    const stored = groups.find((group) => group.fb_group_id === found.fb_group_id);
    if (!stored) return [];
    return [
      {
        id: stored.id,
        fb_group_id: found.fb_group_id,
        fb_slug: found.fb_slug ?? stored.fb_slug,
        name: found.name,
        avatar_url: found.avatar_url ?? stored.avatar_url,
        role: found.role,
      },
    ];
  });
}

/** Groups where the user is an admin come first: only those can be connected. */
export function adminGroupsFirst(groups: OnboardingGroup[]): OnboardingGroup[] {
  return [...groups.filter((group) => group.role === 'admin'), ...groups.filter((group) => group.role !== 'admin')];
}

export function robotGroupArgs({ id, name, fb_group_id, fb_slug }: OnboardingGroup): RobotGroupArgs {
  return { id, name, fb_group_id, fb_slug };
}
