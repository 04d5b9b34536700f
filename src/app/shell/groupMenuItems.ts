import { isPaidPlan } from '../../../rules/plans';
import type { Group, User } from './types';

export type GroupSection = 'dashboard' | 'members' | 'posts' | 'logs' | 'permissions' | 'connections' | 'settings';

export interface GroupMenuLink {
  section: GroupSection;
  label: string;
  to: string;
}

export interface FreeRemovals {
  left: number;
  limit: number;
}

export type UpgradeItem =
  | { kind: 'pro'; label: 'Upgrade to PRO'; to: string; freeRemovals: FreeRemovals | null }
  | { kind: 'annual'; label: 'Upgrade to annual'; note: 'Save 55%'; to: string };

export interface GroupMenu {
  links: GroupMenuLink[];
  upgrade: UpgradeItem | null;
}

const SECTIONS: ReadonlyArray<readonly [GroupSection, string]> = [
  ['dashboard', 'Dashboard'],
  ['members', 'Members'],
  ['posts', 'Posts'],
  ['logs', 'Actions Log'],
  ['permissions', 'Permissions'],
  ['connections', 'Connections'],
  ['settings', 'Settings'],
];

export function groupPath(group: Pick<Group, 'fb_group_id'>, page: GroupSection | 'purchase'): string {
  return `/${group.fb_group_id}/${page}`;
}

function showsSection(section: GroupSection, group: Group, user: User): boolean {
  if (section !== 'connections') return true;
  return isPaidPlan(group.subscribed_plan) && user.flags.connects_is_enabled;
}

function upgradeItem(group: Group): UpgradeItem | null {
  const to = groupPath(group, 'purchase');
  if (!isPaidPlan(group.subscribed_plan)) {
    const free = group.removal_limits?.free;
    return { kind: 'pro', label: 'Upgrade to PRO', to, freeRemovals: free ? { left: free.left, limit: free.limit } : null };
  }
  if (group.subscribed_plan === 'monthly') return { kind: 'annual', label: 'Upgrade to annual', note: 'Save 55%', to };
  return null;
}

/**
 * The group menu of part 1 §2 and §4: Connections is hidden on the free plan and needs the user
 * flag connects_is_enabled; a free group is offered PRO with its free removals left, a monthly
 * group is offered annual billing, and annual or lifetime groups are offered nothing.
 */
export function groupMenuItems(group: Group, user: User): GroupMenu {
  return {
    links: SECTIONS.filter(([section]) => showsSection(section, group, user)).map(([section, label]) => ({
      section,
      label,
      to: groupPath(group, section),
    })),
    upgrade: upgradeItem(group),
  };
}
