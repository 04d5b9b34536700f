import type { Group } from '../api/groupsSource';
import { findRouteGroup, isGroupIdParam } from './guards';

export interface SidebarGroupChoice {
  /** The user's groups, as last loaded (the freshest plan and limits). */
  groups: Group[];
  /** The group of the page shown, when it is a group page. */
  routeGroup: Group | undefined;
  /** Where a navigation under way is going, if any. */
  pendingPath: string | undefined;
  /** The group the user worked in last on this device. */
  rememberedFbGroupId: string | null;
}

const groupIdOf = (path: string | undefined) => path?.split('/')[1];

/**
 * The group whose chooser entry and menu the sidebar shows: the group being opened as soon as the
 * user chose it, else the page's group, else (on pages outside a group) the one worked in last.
 * Always the freshest copy from the user's groups.
 */
export function sidebarGroup({ groups, routeGroup, pendingPath, rememberedFbGroupId }: SidebarGroupChoice): Group | undefined {
  const pendingId = groupIdOf(pendingPath);
  const opening = isGroupIdParam(pendingId) ? findRouteGroup(pendingId, groups) : undefined;
  if (opening) return opening;
  if (routeGroup) return findRouteGroup(routeGroup.fb_group_id, groups) ?? routeGroup;
  return rememberedFbGroupId ? findRouteGroup(rememberedFbGroupId, groups) : undefined;
}
