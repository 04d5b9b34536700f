import { describe, expect, it } from 'vitest';
import {
  adminUser,
  annualGroup,
  freeGroup,
  groupFixture,
  lifetimeGroup,
  lockedGroup,
  monthlyGroup,
  userFixture,
} from '../../../src/app/shell/fixtures';
import { groupMenuItems, groupPath } from '../../../src/app/shell/groupMenuItems';

const labels = (group = freeGroup, user = adminUser) => groupMenuItems(group, user).links.map((link) => link.label);

const ALL = ['Dashboard', 'Members', 'Posts', 'Actions Log', 'Permissions', 'Connections', 'Settings'];
const WITHOUT_CONNECTIONS = ALL.filter((label) => label !== 'Connections');

describe('groupMenuItems', () => {
  it('links every section to the group paths', () => {
    expect(groupMenuItems(monthlyGroup, adminUser).links.map((link) => link.to)).toEqual(
      ['dashboard', 'members', 'posts', 'logs', 'permissions', 'connections', 'settings'].map(
        (section) => `/${monthlyGroup.fb_group_id}/${section}`,
      ),
    );
  });

  it('shows Connections on paid plans when the user flag is on', () => {
    expect(labels(monthlyGroup)).toEqual(ALL);
    expect(labels(annualGroup)).toEqual(ALL);
    expect(labels(lifetimeGroup)).toEqual(ALL);
  });

  it('hides Connections on the free plan', () => {
    expect(labels(freeGroup)).toEqual(WITHOUT_CONNECTIONS);
  });

  it('hides Connections when the user flag connects_is_enabled is off', () => {
    const user = userFixture({ flags: { ...adminUser.flags, connects_is_enabled: false } });
    expect(labels(annualGroup, user)).toEqual(WITHOUT_CONNECTIONS);
  });

  it('offers PRO to a free group with its free removals left', () => {
    expect(groupMenuItems(freeGroup, adminUser).upgrade).toEqual({
      kind: 'pro',
      label: 'Upgrade to PRO',
      to: `/${freeGroup.fb_group_id}/purchase`,
      freeRemovals: { left: 37, limit: 50 },
    });
  });

  it('offers PRO without a count when the removal limits are not known', () => {
    const group = groupFixture({ removal_limits: undefined });
    expect(groupMenuItems(group, adminUser).upgrade).toMatchObject({ kind: 'pro', freeRemovals: null });
  });

  it('offers annual billing to a monthly group, locked or not', () => {
    const annualOffer = { kind: 'annual', label: 'Upgrade to annual', note: 'Save 55%' };
    expect(groupMenuItems(monthlyGroup, adminUser).upgrade).toEqual({ ...annualOffer, to: groupPath(monthlyGroup, 'purchase') });
    expect(groupMenuItems(lockedGroup, adminUser).upgrade).toEqual({ ...annualOffer, to: groupPath(lockedGroup, 'purchase') });
  });

  it('offers nothing to annual and lifetime groups', () => {
    expect(groupMenuItems(annualGroup, adminUser).upgrade).toBeNull();
    expect(groupMenuItems(lifetimeGroup, adminUser).upgrade).toBeNull();
  });
});
