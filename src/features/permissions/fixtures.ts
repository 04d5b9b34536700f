import type { Membership, PermissionsAnswer, SetPermissionAnswer } from '../../../machines/permissions/actors';
import type { MemberMatch } from '../../api/memberSearch';

export const GROUP_NAME = 'Vintage Film Camera Swap';
/** The signed-in admin, granted by the group's holder. */
export const VIEWER_FB_USER_ID = '100000000000001';

function membership(id: number, name: string, role: Membership['role'], isGroupHolder = false): Membership {
  return {
    role,
    is_group_holder: isGroupHolder,
    member_id: id,
    group_id: 3,
    member: { id, name, avatar_url: null, fb_user_id: id === 1 ? VIEWER_FB_USER_ID : `1000000000000${String(id).padStart(2, '0')}` },
  };
}

export const VIEWER = membership(1, 'Ada Admin', 'admin');
export const GRANTED_ADMIN = membership(2, 'Bea Granted', 'admin');
export const SUBSCRIBER = membership(3, 'Cal Subscriber', 'subscriber');
/** The admin who acquired the group: they stay admin. */
export const OTHER_HOLDER = membership(4, 'Dee Holder', 'admin', true);

export const CANDIDATE: MemberMatch = { id: 3, name: 'Cal Subscriber', avatar_url: null, description: null };

export const PERMISSIONS_ANSWERS = {
  loadPermissions: {
    loaded: { kind: 'loaded', memberships: [VIEWER, GRANTED_ADMIN, OTHER_HOLDER, SUBSCRIBER], count: 4, adminCount: 3 },
    empty: { kind: 'loaded', memberships: [], count: 0, adminCount: 0 },
    failed: { kind: 'failed', message: 'The server did not answer.' },
  } satisfies Record<string, PermissionsAnswer>,
  setPermission: {
    revoked: { kind: 'changed', membership: { ...GRANTED_ADMIN, role: 'subscriber' } },
    granted: { kind: 'changed', membership: { ...SUBSCRIBER, role: 'admin' } },
    refused: { kind: 'failed', message: 'Not available on Free plan' },
  } satisfies Record<string, SetPermissionAnswer>,
};
