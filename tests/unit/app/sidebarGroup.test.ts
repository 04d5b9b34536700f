import { describe, expect, it } from 'vitest';
import { sidebarGroup } from '../../../src/app/sidebarGroup';
import { freeGroup, lockedGroup, monthlyGroup } from '../support/sessionFixtures';

const groups = [freeGroup, monthlyGroup, lockedGroup];

describe('the group the sidebar shows', () => {
  it("is the page's group, in its freshest copy", () => {
    const freshFree = { ...freeGroup, name: 'Renamed' };
    expect(sidebarGroup({ groups: [freshFree, monthlyGroup], routeGroup: freeGroup, pendingPath: undefined, rememberedFbGroupId: null })).toBe(freshFree);
  });

  it('is the group being opened as soon as the navigation starts', () => {
    const choice = { groups, routeGroup: freeGroup, rememberedFbGroupId: null };
    expect(sidebarGroup({ ...choice, pendingPath: `/${monthlyGroup.fb_group_id}/dashboard` })).toBe(monthlyGroup);
    expect(sidebarGroup({ ...choice, pendingPath: '/support' })).toBe(freeGroup);
    expect(sidebarGroup({ ...choice, pendingPath: '/999999/dashboard' })).toBe(freeGroup);
  });

  it('is the group worked in last on pages outside a group, if the user still holds it', () => {
    const choice = { groups, routeGroup: undefined, pendingPath: undefined };
    expect(sidebarGroup({ ...choice, rememberedFbGroupId: lockedGroup.fb_group_id })).toBe(lockedGroup);
    expect(sidebarGroup({ ...choice, rememberedFbGroupId: '999999' })).toBeUndefined();
    expect(sidebarGroup({ ...choice, rememberedFbGroupId: null })).toBeUndefined();
  });
});
